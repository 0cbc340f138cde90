/**
 * Share content (spec §3 "Share content", §7 "Sharing calls": GET /api/share), set by operators per language
 * (decision 066). The reader gets the content of its language, or zh-tw's, the default, when none was set.
 */
import * as z from 'zod/mini';
import { endpoint, freeText, isoTime, languageName } from '../common.js';
import { LANGUAGES, type LanguageCode } from '../languages.js';
import { uploadAddress } from './uploads.js';

export const SHARE_TITLE_MAX = 60;
export const SHARE_SYNOPSIS_MAX = 300;

export const shareLanguage = z.enum(LANGUAGES.map((l) => l.code) as [LanguageCode, ...LanguageCode[]]);

export const shareContent = z.object({
  title: z.string(),
  /** An uploaded image's address; null: the app draws its own art. */
  img: z.nullable(uploadAddress),
  synopsis: z.string(),
  /** The language the content was written in: the request's, or zh-tw when that one was not set. */
  language: shareLanguage,
});
export type ShareContent = z.infer<typeof shareContent>;

/** Public: a shared link is opened by people who have not signed in yet. */
export const getShare = endpoint('GET /api/share', 'none', { response: shareContent });

export const adminShareContent = z.extend(shareContent, { updated_by: z.nullable(z.int()), updated_at: isoTime });

export const adminListShare = endpoint('GET /api/admin/share', 'admin', {
  response: z.object({ list: z.array(adminShareContent) }),
});

/** The language in the path: any of its spellings (en, cn, rus…), read as the catalogue's code (decision 077). */
const languageParams = z.object({ language: languageName });

/** Sets one language's content; `img` must be an upload the operator made (POST /api/upload first). */
export const adminSetShare = endpoint('POST /api/admin/share/:language', 'admin', {
  params: languageParams,
  body: z.strictObject({
    title: freeText(SHARE_TITLE_MAX),
    img: z.nullable(uploadAddress),
    synopsis: freeText(SHARE_SYNOPSIS_MAX, { multiline: true }),
  }),
  response: adminShareContent,
});

/** Removes one language's content so it falls back to zh-tw; zh-tw itself cannot be removed (SHARE_DEFAULT_REQUIRED). */
export const adminClearShare = endpoint('DELETE /api/admin/share/:language', 'admin', {
  params: languageParams,
  response: z.object({ language: shareLanguage }),
});
