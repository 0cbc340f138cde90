/**
 * The invite link (spec §2: a `spread` query parameter carries the referrer id): the app's own address with
 * `?spread=<uid>` before the hash and the Home route after it, so the link opens Home and the sign-in that
 * follows sends the referrer (lib/spread.ts keeps it until then).
 */
export function inviteLink(location: { origin: string; pathname: string }, uid: number): string {
  return `${location.origin}${location.pathname}?spread=${uid}#/`;
}

/** The poster's file name: who invites, so two saved posters do not overwrite each other. */
export function posterFileName(uid: number): string {
  return `reef-invite-${uid}.png`;
}
