import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@reef/contract';
import { contentFolder, helpLibrary, loadHelpLibrary, parseHelpFile, plainSummary, splitSections } from './help-content.js';

describe('shipped help content', () => {
  const library = helpLibrary();

  it('has every entry in all six languages, of every kind', () => {
    const english = library.get('en-us')!;
    expect(english.length).toBeGreaterThanOrEqual(15);
    for (const { code } of LANGUAGES) {
      expect(
        library
          .get(code)!
          .map((a) => a.slug)
          .sort(),
      ).toEqual(english.map((a) => a.slug).sort());
    }
    expect(new Set(english.map((a) => a.kind))).toEqual(new Set(['article', 'announcement', 'faq']));
  });

  it('translates each entry: titles differ from English outside English', () => {
    const english = new Map(library.get('en-us')!.map((a) => [a.slug, a.title]));
    for (const code of ['zh-tw', 'zh-cn', 'ru-ru'] as const) {
      for (const article of library.get(code)!) expect(article.title).not.toBe(english.get(article.slug));
    }
  });

  it('splits articles into sections and summaries', () => {
    const withdrawal = library.get('en-us')!.find((a) => a.slug === 'withdrawal')!;
    expect(withdrawal.sections[0]!.heading).toBe(withdrawal.title);
    expect(withdrawal.sections.map((s) => s.heading)).toContain('Review');
    expect(withdrawal.summary).toMatch(/^A withdrawal sends USDT/);
  });
});

describe('help file parsing', () => {
  it('reads front matter, quoted titles and the body', () => {
    const { meta, body } = parseHelpFile('---\nslug: a-b\nkind: faq\ntitle: "FAQ: x"\npublished: 2026-01-02\n---\nHello\n', 't');
    expect(meta).toEqual({ slug: 'a-b', kind: 'faq', title: 'FAQ: x', published: '2026-01-02' });
    expect(body).toBe('Hello');
  });

  it('refuses bad files with the file named', () => {
    expect(() => parseHelpFile('no front matter', 'x.md')).toThrow(/x.md: missing front matter/);
    expect(() => parseHelpFile('---\nslug: A B\nkind: faq\ntitle: t\npublished: 2026-01-02\n---\nx', 'y.md')).toThrow(/y.md: slug/);
    expect(() => parseHelpFile('---\nslug: a\nkind: blog\ntitle: t\npublished: 2026-01-02\n---\nx', 'z.md')).toThrow(/z.md: kind/);
    expect(() => parseHelpFile('---\nslug: a\nkind: faq\ntitle: t\npublished: 2026-01-02\n---\n<script>x</script>', 'h.md')).toThrow(/raw HTML/);
  });

  it('splits sections by second-level headings and summarises the first paragraph as plain text', () => {
    expect(splitSections('T', 'intro\n\n## One\ntext 1\n## Two\ntext 2')).toEqual([
      { heading: 'T', text: 'intro' },
      { heading: 'One', text: 'text 1' },
      { heading: 'Two', text: 'text 2' },
    ]);
    expect(plainSummary('**Bold** and [link](#/x) text.\n\nSecond')).toBe('Bold and link text.');
  });

  it('refuses a set where a language lacks an entry', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reef-help-'));
    try {
      for (const { code } of LANGUAGES) {
        fs.mkdirSync(path.join(dir, code));
        fs.copyFileSync(path.join(contentFolder, code, 'withdrawal.md'), path.join(dir, code, 'withdrawal.md'));
      }
      expect(
        loadHelpLibrary(dir)
          .get('de-de')!
          .map((a) => a.slug),
      ).toEqual(['withdrawal']);
      fs.copyFileSync(path.join(contentFolder, 'en-us', 'transfer.md'), path.join(dir, 'en-us', 'transfer.md'));
      expect(() => loadHelpLibrary(dir)).toThrow(/transfer is missing in zh-tw/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
