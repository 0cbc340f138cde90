/**
 * Search tokens for the help index. Chinese and Japanese have no spaces between words, so a run of
 * Han/Kana/Hangul becomes overlapping character bigrams ("提現審核" → 提現, 現審, 審核): any two-character
 * word in a question then matches the same two characters in the help text without a dictionary.
 * Other scripts split on letters and digits and are only lower-cased — no stemming, so a word matches
 * itself in every language; the search adds prefix matching for "withdraw" → "withdrawal".
 */

const CJK_CLASS = '\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Hangul}';
const TOKEN_RE = new RegExp(`[${CJK_CLASS}]+|(?:(?![${CJK_CLASS}])[\\p{L}\\p{N}])+`, 'gu');
const CJK_START_RE = new RegExp(`^[${CJK_CLASS}]`, 'u');

export function isCjkToken(token: string): boolean {
  return CJK_START_RE.test(token);
}

export function tokenize(text: string): string[] {
  const tokens: string[] = [];
  for (const match of text.normalize('NFKC').toLowerCase().matchAll(TOKEN_RE)) {
    const run = match[0];
    if (!isCjkToken(run)) {
      tokens.push(run);
    } else if (run.length === 1) {
      tokens.push(run);
    } else {
      const chars = [...run];
      for (let i = 0; i < chars.length - 1; i++) tokens.push(chars[i]! + chars[i + 1]!);
    }
  }
  return tokens;
}

/**
 * Words that carry no topic: question words, pronouns, articles. Dropped from the index and from
 * questions, so "how do I …" does not match every article and an off-topic question matches nothing.
 */
const STOP_WORDS = new Set(
  [
    // English
    'a an and are as at be been but by can could did do does for from get got has have how i if in into is it its',
    'me my of on or our should so than that the their them then there these they this to was we what whats when',
    'where which who why will with would you your yours not no yes please about any all also just more much many',
    'one some tell explain help need want use using work works happen happens mean means know like make made way thing things',
    // Português
    'o os as um uma uns umas de do da dos das em no na nos nas por para com como que qual quais quando onde porque',
    'eu meu minha meus minhas você seu sua é são ser foi e ou se não sim mais muito posso pode fazer faço ao à',
    // Deutsch
    'der die das den dem des ein eine einen einem einer und oder ist sind war wie was wo wann warum wer ich mein',
    'meine mich mir du dein sie ihr es kann können muss mit von zu zum zur auf für im in an bei nicht ja nein mache',
    // Русский
    'и в во на с со по к ко о об от до за из у я мой моя мои меня мне ты вы ваш это как что где когда почему кто',
    'ли не да нет или а но можно могу нужно ли бы был была было есть для при делать сделать',
  ]
    .join(' ')
    .split(' '),
);

/** Question bigrams in Chinese that say nothing about the topic ("how", "what", "can I", "please"). */
const CJK_STOP_BIGRAMS = new Set(
  '如何 怎麼 怎么 怎樣 怎样 什麼 什么 為什 为什 請問 请问 可以 我的 我們 我们 一下 是否 是不 不是 嗎？ 有沒 沒有 有没 没有 麼辦 么办 要怎 該怎 该怎'.split(' '),
);

/** Lower-case and drop stop words; the tokens come from `tokenize`, so CJK ones are bigrams already. */
export function processTerm(term: string): string | null {
  const lower = term.toLowerCase();
  if (isCjkToken(lower)) return CJK_STOP_BIGRAMS.has(lower) ? null : lower;
  if (STOP_WORDS.has(lower) || lower.length < 2) return null;
  return lower;
}

/** The distinct search terms of a question, after stop words. */
export function queryTerms(question: string): string[] {
  const terms = new Set<string>();
  for (const token of tokenize(question)) {
    const term = processTerm(token);
    if (term) terms.add(term);
  }
  return [...terms];
}
