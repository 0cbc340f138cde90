import { describe, expect, it } from 'vitest';
import { splitMessageLinks } from './message-links';

const links = (message: string) => splitMessageLinks(message).filter((p) => p.kind === 'link');

describe('splitMessageLinks', () => {
  it('finds http and https addresses and keeps the text around them, in order', () => {
    const parts = splitMessageLinks('see https://reef.example/a?b=1#c and http://x.io too');
    expect(parts).toEqual([
      { kind: 'text', text: 'see ' },
      { kind: 'link', text: 'https://reef.example/a?b=1#c', href: 'https://reef.example/a?b=1#c' },
      { kind: 'text', text: ' and ' },
      { kind: 'link', text: 'http://x.io', href: 'http://x.io/' },
      { kind: 'text', text: ' too' },
    ]);
    expect(parts.map((p) => p.text).join('')).toBe('see https://reef.example/a?b=1#c and http://x.io too');
  });

  it('leaves plain text as one part, and an empty message as none', () => {
    expect(splitMessageLinks('no links here')).toEqual([{ kind: 'text', text: 'no links here' }]);
    expect(splitMessageLinks('')).toEqual([]);
  });

  it('never links other schemes, bare domains or an address without a host', () => {
    for (const message of ['javascript:alert(1)', 'data:text/html,<b>x</b>', 'reef.example', 'ftp://reef.example', 'https://', 'vbscript:x']) {
      expect(links(message)).toEqual([]);
    }
    expect(links('javascript:alert("https://x.io")')).toEqual([{ kind: 'link', text: 'https://x.io', href: 'https://x.io/' }]);
  });

  it('stops at sentence punctuation, quotes, markup and full-width punctuation', () => {
    expect(links('Look: https://x.io/a.').map((p) => p.text)).toEqual(['https://x.io/a']);
    expect(links('(see https://x.io/b)').map((p) => p.text)).toEqual(['https://x.io/b']);
    expect(links('https://en.wikipedia.org/wiki/Reef_(disambiguation)').map((p) => p.text)).toEqual(['https://en.wikipedia.org/wiki/Reef_(disambiguation)']);
    expect(links('"https://x.io/q"<b>').map((p) => p.text)).toEqual(['https://x.io/q']);
    expect(links('看這裡https://x.io/c，好嗎').map((p) => p.text)).toEqual(['https://x.io/c']);
  });

  it('matches the scheme in any case and hands back a normalized address', () => {
    expect(links('HTTPS://X.IO/Path')).toEqual([{ kind: 'link', text: 'HTTPS://X.IO/Path', href: 'https://x.io/Path' }]);
  });
});
