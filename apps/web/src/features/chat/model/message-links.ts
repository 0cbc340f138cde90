/**
 * Web links in a text message, so the bubble can make them clickable. Only explicit http:// and https://
 * addresses count (no `javascript:`, `data:` or bare domains), and the parts stay plain strings: the bubble
 * renders them as text nodes and anchors, never as HTML, so a message cannot inject markup.
 */
export type MessagePart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

// Stops at white space, quotes, angle brackets and the full-width punctuation that ends a sentence in
// Chinese; `(` `)` stay in (Wikipedia-style addresses) and are balanced below.
const LINK = /https?:\/\/[^\s<>"'`，。！？、；：「」『』（）【】《》]+/gi;
const TRAILING = /[.,;:!?*_~]+$/;

/** Drops sentence punctuation after an address, and a closing bracket it did not open ("(see https://x.io)"). */
function trimEnd(candidate: string): string {
  let link = candidate.replace(TRAILING, '');
  for (const [open, close] of [
    ['(', ')'],
    ['[', ']'],
  ] as const) {
    while (link.endsWith(close) && link.split(close).length > link.split(open).length) {
      link = link.slice(0, -1).replace(TRAILING, '');
    }
  }
  return link;
}

function webHref(text: string): string | null {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '' ? url.href : null;
  } catch {
    return null;
  }
}

/** The message split into text and links, in order; joining every part's text gives the message back. */
export function splitMessageLinks(message: string): MessagePart[] {
  const parts: MessagePart[] = [];
  let textStart = 0;
  for (const match of message.matchAll(LINK)) {
    const text = trimEnd(match[0]);
    const href = webHref(text);
    if (href === null) continue;
    const start = match.index;
    if (start > textStart) parts.push({ kind: 'text', text: message.slice(textStart, start) });
    parts.push({ kind: 'link', text, href });
    textStart = start + text.length;
  }
  if (textStart < message.length) parts.push({ kind: 'text', text: message.slice(textStart) });
  return parts;
}
