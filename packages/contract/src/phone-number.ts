/**
 * A phone number as people type it, to E.164 (decision 118): one function for the browser (with the country picked
 * beside the field) and the server (the contract's `phoneNumber`, no country), so both read a number the same way.
 * `libphonenumber-js/min` knows every country's calling code, trunk prefix and number lengths; its "min" metadata
 * checks lengths, not digit patterns, which is all a sign-in needs (the texted code proves the number).
 *
 * Its own module, apart from the endpoint contracts: only the lazy phone pages import it, so the library stays out of
 * the web app's entry (the package and the library are both side-effect free).
 */
import { getCountryCallingCode, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/min';
import type { LanguageCode } from './languages.js';

export type PhoneCountry = CountryCode;

/**
 * The picker's countries: the six languages' homes first, then the places the app's users write from most. Calling
 * codes come from the library and names from the browser (`Intl.DisplayNames`), so nothing here is translated.
 */
export const PHONE_COUNTRIES: readonly PhoneCountry[] = [
  'TW',
  'CN',
  'HK',
  'MO',
  'US',
  'BR',
  'DE',
  'RU',
  'SG',
  'MY',
  'JP',
  'KR',
  'TH',
  'VN',
  'PH',
  'ID',
  'IN',
  'AU',
  'CA',
  'GB',
  'FR',
  'ES',
  'IT',
  'PT',
  'AT',
  'CH',
  'KZ',
  'UA',
  'AE',
];

/** The country the picker starts at for each app language: the operator never configures it. */
export const DEFAULT_PHONE_COUNTRY: Readonly<Record<LanguageCode, PhoneCountry>> = {
  'zh-tw': 'TW',
  'zh-cn': 'CN',
  'en-us': 'US',
  'pt-br': 'BR',
  'de-de': 'DE',
  'ru-ru': 'RU',
};

export function callingCode(country: PhoneCountry): string {
  return `+${getCountryCallingCode(country)}`;
}

/** Digits with the separators people type (spaces, dashes, dots, brackets), optionally after one leading '+'. */
const TYPED = /^\+?[\d\s().-]+$/;
/** A mainland-China mobile without its country code (decision 076): read as +86 even with no country given. */
const MAINLAND_MOBILE = /^1[3-9]\d{9}$/;

/**
 * `raw` in E.164 ('+886912000111'), or null when it is not a number of the right length for its country. A number
 * typed with '+' keeps its own country; otherwise it is read as a national number of `country`, whose trunk prefix is
 * dropped (0912000111 in Taiwan → +886912000111). Without a country only the '+' form and a mainland mobile are read.
 */
export function toE164(raw: string, country?: PhoneCountry): string | null {
  const typed = raw.trim();
  if (typed.length === 0 || typed.length > 32 || !TYPED.test(typed)) return null;
  const digits = typed.replace(/[\s().-]/g, '');
  const reading = digits.startsWith('+') ? undefined : (country ?? (MAINLAND_MOBILE.test(digits) ? 'CN' : null));
  if (reading === null) return null;
  const parsed = parsePhoneNumberFromString(digits, reading);
  if (!parsed?.isValid()) return null;
  return parsed.number;
}
