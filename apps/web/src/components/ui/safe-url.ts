/** The link targets Markdown may keep: web pages and the app's own hash routes. Anything else becomes empty. */
export function safeUrl(url: string): string {
  const trimmed = url.trim();
  return /^(https?:\/\/[^\s]+|#\/[^\s]*)$/i.test(trimmed) ? trimmed : '';
}
