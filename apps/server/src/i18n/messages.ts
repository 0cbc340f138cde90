/**
 * Server-side messages, one per error code (and the auth states), in the six languages.
 * `msg` in every refusal comes from here, chosen by the request's Accept-Language. Each language's
 * table is its own file under locales/.
 */
import type { LanguageCode } from '@reef/contract';
import type { Catalogue, MessageKey } from './catalogue.js';
import { en } from './locales/en-us.js';
import { zhTw } from './locales/zh-tw.js';
import { zhCn } from './locales/zh-cn.js';
import { ptBr } from './locales/pt-br.js';
import { deDe } from './locales/de-de.js';
import { ruRu } from './locales/ru-ru.js';

export type { MessageKey } from './catalogue.js';

const catalogues: Record<LanguageCode, Catalogue> = {
  'zh-tw': zhTw,
  'zh-cn': zhCn,
  'en-us': en,
  'pt-br': ptBr,
  'de-de': deDe,
  'ru-ru': ruRu,
};

export function message(language: LanguageCode, key: MessageKey): string {
  return catalogues[language][key];
}
