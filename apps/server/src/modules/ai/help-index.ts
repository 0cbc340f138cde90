/**
 * Full-text retrieval over the shipped help content: one MiniSearch index per language whose documents
 * are article sections, built once per process. A question is answered from the best sections of the
 * first language that has relevant ones: the user's, then its sibling Chinese script, then English.
 */
import MiniSearch from 'minisearch';
import type { ArticleKind, LanguageCode } from '@reef/contract';
import type { HelpLibrary } from '../content/help-content.js';
import { isCjkToken, processTerm, queryTerms, tokenize } from './tokenizer.js';

export interface Passage {
  slug: string;
  kind: ArticleKind;
  title: string;
  heading: string;
  text: string;
  language: LanguageCode;
  score: number;
}

interface SectionDoc {
  id: string;
  slug: string;
  kind: ArticleKind;
  title: string;
  heading: string;
  text: string;
}

/**
 * Of the question's terms, the share a section must contain to count as relevant. Many CJK bigrams
 * straddle two words and can never match, so CJK questions need fewer — but at least two matches
 * when they have more than two terms, so one shared word such as 今天 is not enough.
 */
const MIN_COVERAGE_WORDS = 0.33;
const MIN_COVERAGE_CJK = 0.25;
/** Sections scoring below this share of the best one are left out of the answer. */
const RELATIVE_SCORE_CUTOFF = 0.4;
const MAX_PASSAGES = 3;

const FALLBACKS: Record<LanguageCode, LanguageCode[]> = {
  'zh-tw': ['zh-tw', 'zh-cn', 'en-us'],
  'zh-cn': ['zh-cn', 'zh-tw', 'en-us'],
  'en-us': ['en-us'],
  'pt-br': ['pt-br', 'en-us'],
  'de-de': ['de-de', 'en-us'],
  'ru-ru': ['ru-ru', 'en-us'],
};

export class HelpIndex {
  private readonly indexes = new Map<LanguageCode, MiniSearch<SectionDoc>>();

  constructor(library: HelpLibrary) {
    for (const [language, articles] of library) {
      const index = new MiniSearch<SectionDoc>({
        fields: ['title', 'heading', 'text'],
        storeFields: ['slug', 'kind', 'title', 'heading', 'text'],
        tokenize,
        processTerm,
      });
      index.addAll(
        articles.flatMap((article) =>
          article.sections.map((section, i) => ({
            id: `${article.slug}#${i}`,
            slug: article.slug,
            kind: article.kind,
            title: article.title,
            heading: section.heading,
            text: section.text,
          })),
        ),
      );
      this.indexes.set(language, index);
    }
  }

  /** The relevant sections in one language, best first, and the share of the question the best one covers. */
  searchIn(language: LanguageCode, question: string): { passages: Passage[]; coverage: number } {
    const none = { passages: [], coverage: 0 };
    const index = this.indexes.get(language);
    const terms = queryTerms(question);
    if (!index || terms.length === 0) return none;
    const cjk = terms.filter(isCjkToken).length / terms.length >= 0.5;
    const minCoverage = cjk ? MIN_COVERAGE_CJK : MIN_COVERAGE_WORDS;
    const minMatches = cjk && terms.length > 2 ? 2 : 1;
    const results = index.search(terms.join(' '), {
      combineWith: 'OR',
      boost: { title: 2, heading: 1.5 },
      // The query is already tokenized and filtered: split on the spaces we joined with.
      tokenize: (text) => text.split(' '),
      processTerm: (term) => term,
      prefix: (term) => !isCjkToken(term) && term.length >= 4,
      fuzzy: (term) => (!isCjkToken(term) && term.length >= 6 ? 0.15 : false),
    });
    const coverageOf = (r: { queryTerms: string[] }) => new Set(r.queryTerms).size / terms.length;
    const relevant = results
      .filter((r) => new Set(r.queryTerms).size >= minMatches && coverageOf(r) >= minCoverage)
      // A section that answers more of the question beats one that repeats one of its words often.
      .sort((a, b) => coverageOf(b) - coverageOf(a) || b.score - a.score);
    if (relevant.length === 0) return none;
    const coverage = coverageOf(relevant[0]!);
    const best = Math.max(...relevant.filter((r) => coverageOf(r) === coverage).map((r) => r.score));
    const perArticle = new Map<string, number>();
    const passages: Passage[] = [];
    for (const r of relevant) {
      if (passages.length >= MAX_PASSAGES) break;
      if (r.score < best * RELATIVE_SCORE_CUTOFF) continue;
      const slug = r.slug as string;
      // At most two sections of one article, so the answer can cite more than one source.
      if ((perArticle.get(slug) ?? 0) >= 2) continue;
      perArticle.set(slug, (perArticle.get(slug) ?? 0) + 1);
      passages.push({
        slug,
        kind: r.kind as ArticleKind,
        title: r.title as string,
        heading: r.heading as string,
        text: r.text as string,
        language,
        score: r.score,
      });
    }
    return { passages, coverage };
  }

  /**
   * The user's language, then its fallbacks: the language whose best section covers most of the question
   * wins, earlier ones on a tie — so an English question asked with the Chinese interface is answered
   * from the English text rather than from a Chinese section that shares only "USDT" with it.
   */
  search(language: LanguageCode, question: string): Passage[] {
    let chosen: { passages: Passage[]; coverage: number } = { passages: [], coverage: 0 };
    for (const candidate of FALLBACKS[language]) {
      const found = this.searchIn(candidate, question);
      if (found.coverage > chosen.coverage) chosen = found;
      if (chosen.coverage === 1) break;
    }
    return chosen.passages;
  }
}
