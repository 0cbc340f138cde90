/**
 * How the console shows what the API returns (issue 25 §15, decision 116): asset keys as the app's symbols, amounts
 * grouped at the app's display places, instants as a date and time in the operator's language. The symbols and the
 * amount format are the app's own helpers (`lib/asset-display.ts`, `lib/amount-format.ts`), shared rather than
 * copied. Times stay in UTC, the zone the console's forms are typed in (decision 089), and say so.
 */
import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { configApi, type AssetKey } from '@reef/contract';
import { formatGroupedAmount } from '../../lib/amount-format';
import { assetSymbolMap, assetSymbolOf } from '../../lib/asset-display';
import { call } from '../api';
import { CONSOLE_LANGUAGES, useConsoleLanguage, type ConsoleLanguage } from '../i18n';

/** An instant as the API sends it: `2026-11-27T09:30:00.000Z`. */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})$/;
/** A calendar day: `2026-11-27`. */
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
/** An exact amount as the contract sends it: a decimal string with a fraction (`120.00000000`). */
const DECIMAL = /^-?\d+\.\d{1,8}$/;

export interface ConsoleFormat {
  /** `usdt` / `MINERAL` → `USDT` / `MP`. */
  symbol: (key: string) => string;
  /** `100000000.00000000` → `100,000,000` (the app's grouping and places); anything else as it is. */
  amount: (value: string) => string;
  /**
   * `370006646.36537034` → `370,006,646.36537034`: grouped, every place the ledger holds. For the figures an operator
   * checks against another source to the last unit (the proof of liabilities' totals), where four places would not do.
   */
  exactAmount: (value: string) => string;
  /** `120.00000000`, `usdt` → `120 USDT`. */
  money: (value: string, asset: string) => string;
  /** An ISO instant → `Nov 27, 2026, 09:30 UTC` in the operator's language. */
  dateTime: (iso: string) => string;
  /** `2026-11-27` → `Nov 27` in the operator's language. */
  day: (date: string) => string;
  /** A list cell's value by its shape: an instant, an amount, an asset key (in an asset column), else its text. */
  value: (value: unknown, column?: string) => string;
}

function tagOf(language: ConsoleLanguage): string {
  return CONSOLE_LANGUAGES.find((l) => l.code === language)!.tag;
}

export function isIsoInstant(text: string): boolean {
  return ISO_INSTANT.test(text);
}

export function consoleFormat(language: ConsoleLanguage, symbols: Record<AssetKey, string>): ConsoleFormat {
  const tag = tagOf(language);
  const instant = new Intl.DateTimeFormat(tag, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: 'UTC',
    timeZoneName: 'short',
  });
  const dayFormat = new Intl.DateTimeFormat(tag, { month: 'short', day: 'numeric', timeZone: 'UTC' });
  const symbol = (key: string) => assetSymbolOf(symbols, key);
  const amount = (value: string) => {
    if (!DECIMAL.test(value) && !/^-?\d+$/.test(value)) return value;
    try {
      return formatGroupedAmount(value);
    } catch {
      return value;
    }
  };
  const exactAmount = (value: string) => {
    if (!DECIMAL.test(value) && !/^-?\d+$/.test(value)) return value;
    const places = value.split('.')[1]?.length ?? 0;
    return formatGroupedAmount(value, places);
  };
  const dateTime = (iso: string) => {
    const date = new Date(iso);
    return Number.isNaN(date.getTime()) ? iso : instant.format(date);
  };
  const day = (date: string) => (ISO_DAY.test(date) ? dayFormat.format(new Date(`${date}T00:00:00Z`)) : date);
  const value = (raw: unknown, column?: string): string => {
    if (raw === null || raw === undefined) return '—';
    if (typeof raw !== 'string') return typeof raw === 'object' ? JSON.stringify(raw) : String(raw as number | boolean);
    if (column !== undefined && /(^|_)asset$/.test(column)) return symbol(raw);
    if (ISO_INSTANT.test(raw)) return dateTime(raw);
    if (DECIMAL.test(raw)) return amount(raw);
    return raw;
  };
  return { symbol, amount, exactAmount, money: (v, asset) => `${amount(v)} ${symbol(asset)}`, dateTime, day, value };
}

/** The configured symbols (the defaults until GET /api/config answers). */
function useConsoleSymbols(): Record<AssetKey, string> {
  const config = useQuery({ queryKey: ['config'], queryFn: () => call(configApi.getConfig), staleTime: 5 * 60_000 });
  return useMemo(() => assetSymbolMap(config.data?.assets), [config.data]);
}

/** The console's formats in the operator's language, re-rendering when the language or the symbols change. */
export function useConsoleFormat(): ConsoleFormat {
  const language = useConsoleLanguage();
  const symbols = useConsoleSymbols();
  return useMemo(() => consoleFormat(language, symbols), [language, symbols]);
}
