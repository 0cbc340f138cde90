import { describe, expect, it } from 'vitest';
import { helpLibrary } from '../content/help-content.js';
import { answerChunks, composeAnswer, shorten, unknownAnswer } from './builtin-answer.js';
import { HelpIndex } from './help-index.js';
import { processTerm, queryTerms, tokenize } from './tokenizer.js';

describe('tokenizer', () => {
  it('splits Han text into overlapping bigrams and other scripts into lower-case words', () => {
    expect(tokenize('提現審核')).toEqual(['提現', '現審', '審核']);
    expect(tokenize('USDT提現')).toEqual(['usdt', '提現']);
    expect(tokenize('How do I withdraw?')).toEqual(['how', 'do', 'i', 'withdraw']);
    expect(tokenize('Wie lange dauert eine Auszahlung?')).toEqual(['wie', 'lange', 'dauert', 'eine', 'auszahlung']);
    expect(tokenize('Как вывести USDT?')).toEqual(['как', 'вывести', 'usdt']);
    expect(tokenize('錢')).toEqual(['錢']);
    expect(tokenize('ＵＳＤＴ')).toEqual(['usdt']);
  });

  it('does not stem: a word only matches itself', () => {
    expect(tokenize('withdrawals withdrawing')).toEqual(['withdrawals', 'withdrawing']);
  });

  it('drops stop words and question bigrams', () => {
    expect(processTerm('the')).toBeNull();
    expect(processTerm('怎麼')).toBeNull();
    expect(processTerm('提現')).toBe('提現');
    expect(queryTerms('How do I withdraw my USDT?')).toEqual(['withdraw', 'usdt']);
    expect(queryTerms('請問怎麼提現')).toEqual(['問怎', '麼提', '提現']);
    expect(queryTerms('the of and')).toEqual([]);
  });
});

describe('help retrieval', () => {
  const index = new HelpIndex(helpLibrary());
  const slugs = (language: Parameters<HelpIndex['search']>[0], question: string) => index.search(language, question).map((p) => p.slug);

  it('finds the article for questions in each language', () => {
    expect(slugs('en-us', 'How do I withdraw USDT?')[0]).toBe('withdrawal');
    expect(slugs('en-us', 'my transaction password is locked')[0]).toBe('transaction-password');
    expect(slugs('zh-tw', '提現需要多久審核？')).toContain('withdrawal');
    expect(slugs('zh-tw', '交易密碼被鎖定了怎麼辦')[0]).toBe('transaction-password');
    expect(slugs('zh-cn', '推荐人可以更换吗')).toContain('bind-referrer');
    expect(slugs('pt-br', 'Como faço para sacar?')[0]).toBe('withdrawal');
    expect(slugs('de-de', 'Wie lange dauert eine Auszahlung?')).toContain('withdrawal');
    expect(slugs('ru-ru', 'Как вывести USDT?')).toContain('withdrawal');
  });

  it('answers an English question asked with another interface language from the English text', () => {
    const passages = index.search('zh-tw', 'How do I withdraw USDT?');
    expect(passages[0]).toMatchObject({ slug: 'withdrawal', language: 'en-us' });
  });

  it('finds nothing for off-topic questions', () => {
    expect(slugs('en-us', "What's the weather in Paris tomorrow?")).toEqual([]);
    expect(slugs('en-us', 'recipe for chocolate cake')).toEqual([]);
    expect(slugs('en-us', 'What is this weather like on Mars?')).toEqual([]);
    expect(slugs('zh-tw', '今天天氣怎麼樣？')).toEqual([]);
    expect(slugs('zh-tw', '明天的足球比賽誰會贏')).toEqual([]);
    expect(slugs('ru-ru', 'какая погода в Москве')).toEqual([]);
    expect(slugs('de-de', 'Wer hat die Fußball-WM gewonnen?')).toEqual([]);
    expect(slugs('en-us', '???')).toEqual([]);
  });

  it('returns at most three passages, at most two per article', () => {
    const passages = index.search('en-us', 'withdrawal fee review password');
    expect(passages.length).toBeLessThanOrEqual(3);
    const perArticle = new Map<string, number>();
    for (const p of passages) perArticle.set(p.slug, (perArticle.get(p.slug) ?? 0) + 1);
    expect(Math.max(...perArticle.values())).toBeLessThanOrEqual(2);
  });
});

describe('built-in answer', () => {
  const index = new HelpIndex(helpLibrary());

  it('quotes the matching sections and links their articles', () => {
    const passages = index.search('en-us', 'transaction password locked');
    const answer = composeAnswer('en-us', passages);
    expect(answer).toContain('Here is what the Reef help says');
    expect(answer).toContain('15 minutes');
    expect(answer).toContain('[The transaction password and its lock](#/pages/article/details?id=transaction-password)');
  });

  it('says plainly when it does not know, in the user language', () => {
    expect(composeAnswer('en-us', [])).toMatch(/^I don't know/);
    expect(composeAnswer('zh-tw', [])).toMatch(/^我不知道/);
    expect(unknownAnswer('de-de')).toContain('#/pages/article/index');
  });

  it('shortens long sections at a paragraph boundary', () => {
    const text = `${'a'.repeat(400)}\n\n${'b'.repeat(400)}`;
    expect(shorten(text, 700)).toBe(`${'a'.repeat(400)}\n\n…`);
    expect(shorten('short', 700)).toBe('short');
  });

  it('streams in pieces that join back to the answer', () => {
    const answer = composeAnswer('zh-tw', index.search('zh-tw', '交易密碼被鎖定了怎麼辦'));
    const chunks = answerChunks(answer);
    expect(chunks.length).toBeGreaterThan(20);
    expect(chunks.join('')).toBe(answer);
  });
});
