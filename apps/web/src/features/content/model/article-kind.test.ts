import { describe, expect, it } from 'vitest';
import { articleHref, parseArticleId, parseArticleKind } from './article-kind';

describe('article route parameters', () => {
  it('accepts the three kinds and nothing else', () => {
    expect(parseArticleKind('faq')).toBe('faq');
    expect(parseArticleKind('announcement')).toBe('announcement');
    expect(parseArticleKind('blog')).toBeUndefined();
    expect(parseArticleKind(null)).toBeUndefined();
  });

  it('accepts slug-shaped ids only', () => {
    expect(parseArticleId('transaction-password')).toBe('transaction-password');
    expect(parseArticleId('../x')).toBeNull();
    expect(parseArticleId('A')).toBeNull();
    expect(parseArticleId('a'.repeat(65))).toBeNull();
    expect(parseArticleId(null)).toBeNull();
    expect(articleHref('withdrawal')).toBe('/pages/article/details?id=withdrawal');
  });
});
