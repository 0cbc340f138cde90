/**
 * The image address helper of spec §3, the one place every stored image's address becomes what an <img> loads
 * (decision 078). Stored images are uploads, `/uploads/<sha256>.<ext>`, served by the app's own server; anything
 * else (another site, a data: or javascript: URL, a path elsewhere in the app) is refused with null, so a stored
 * field can never point the page at a tracker or a script.
 */
const UPLOAD_RE = /^\/uploads\/[0-9a-f]{64}\.(png|jpg|gif|webp)$/;

export function imageAddress(stored: string | null | undefined): string | null {
  if (!stored || !UPLOAD_RE.test(stored)) return null;
  // Same origin as the app (the server serves both): the path is the address.
  return stored;
}
