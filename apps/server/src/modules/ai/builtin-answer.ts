/**
 * The built-in assistant's answer: the matching help sections themselves (heading and text, shortened
 * at a paragraph boundary), introduced and linked in the user's language. Nothing is invented, so an
 * answer can only be as wrong as the help content it quotes.
 */
import type { LanguageCode } from '@reef/contract';
import type { Passage } from './help-index.js';

interface Phrases {
  intro: string;
  sources: string;
  unknown: string;
}

const PHRASES: Record<LanguageCode, Phrases> = {
  'en-us': {
    intro: 'Here is what the Reef help says about this:',
    sources: 'Read more',
    unknown:
      "I don't know — I found nothing about this in the Reef help. Try asking with other words, browse the [help articles](#/pages/article/index), or ask customer service in Chat.",
  },
  'zh-tw': {
    intro: 'Reef 說明中與此相關的內容如下：',
    sources: '延伸閱讀',
    unknown: '我不知道——在 Reef 說明中找不到相關內容。請換個說法再問，瀏覽[說明文章](#/pages/article/index)，或在聊天中聯繫客服。',
  },
  'zh-cn': {
    intro: 'Reef 帮助中与此相关的内容如下：',
    sources: '延伸阅读',
    unknown: '我不知道——在 Reef 帮助中找不到相关内容。请换个说法再问，浏览[帮助文章](#/pages/article/index)，或在聊天中联系客服。',
  },
  'pt-br': {
    intro: 'Eis o que a ajuda da Reef diz sobre isso:',
    sources: 'Leia mais',
    unknown:
      'Não sei — não encontrei nada sobre isso na ajuda da Reef. Tente perguntar com outras palavras, veja os [artigos de ajuda](#/pages/article/index) ou fale com o atendimento no Chat.',
  },
  'de-de': {
    intro: 'Das sagt die Reef-Hilfe dazu:',
    sources: 'Weiterlesen',
    unknown:
      'Das weiß ich nicht — in der Reef-Hilfe habe ich nichts dazu gefunden. Fragen Sie mit anderen Worten, sehen Sie in den [Hilfeartikeln](#/pages/article/index) nach oder fragen Sie den Kundendienst im Chat.',
  },
  'ru-ru': {
    intro: 'Вот что об этом сказано в справке Reef:',
    sources: 'Подробнее',
    unknown:
      'Я не знаю — в справке Reef об этом ничего нет. Попробуйте спросить другими словами, посмотрите [статьи справки](#/pages/article/index) или обратитесь в службу поддержки в чате.',
  },
};

/** Longest quoted text per section; longer sections are cut at a paragraph (or line) boundary. */
const MAX_SECTION_CHARS = 700;

export function articleLink(slug: string): string {
  return `#/pages/article/details?id=${encodeURIComponent(slug)}`;
}

export function shorten(text: string, max = MAX_SECTION_CHARS): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const boundary = Math.max(cut.lastIndexOf('\n\n'), cut.lastIndexOf('\n'));
  if (boundary > max / 3) return `${cut.slice(0, boundary).trimEnd()}\n\n…`;
  const sentence = Math.max(cut.lastIndexOf('. '), cut.lastIndexOf('。'));
  return `${cut.slice(0, sentence > max / 3 ? sentence + 1 : max).trimEnd()} …`;
}

export function unknownAnswer(language: LanguageCode): string {
  return PHRASES[language].unknown;
}

export function composeAnswer(language: LanguageCode, passages: Passage[]): string {
  if (passages.length === 0) return unknownAnswer(language);
  const phrases = PHRASES[language];
  const parts = [phrases.intro];
  for (const p of passages) {
    const label = p.heading === p.title ? p.title : `${p.title} · ${p.heading}`;
    parts.push(`**${label}**\n\n${shorten(p.text)}`);
  }
  const seen = new Set<string>();
  const links = passages.filter((p) => !seen.has(p.slug) && seen.add(p.slug)).map((p) => `- [${p.title}](${articleLink(p.slug)})`);
  parts.push(`${phrases.sources}:\n\n${links.join('\n')}`);
  return parts.join('\n\n');
}

/** Splits an answer into small pieces (a word and its space, or two CJK characters) to stream. */
export function answerChunks(answer: string): string[] {
  return answer.match(/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]{1,2}|[^\s\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]+\s*|\s+/gu) ?? [];
}
