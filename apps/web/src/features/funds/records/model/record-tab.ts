/** The two lists of user/record: the user's deposits and withdrawals (decision 091). */
export const RECORD_TABS = ['deposits', 'withdrawals'] as const;

export type RecordTab = (typeof RECORD_TABS)[number];

/**
 * The tab a `?tab=` value opens. Anything unknown (or nothing) opens deposits, so an old or hand-edited link still
 * shows a page rather than an empty panel.
 */
export function parseRecordTab(value: string | null): RecordTab {
  return RECORD_TABS.find((tab) => tab === value) ?? 'deposits';
}

/** The search string that keeps a tab in the URL; deposits, the default, keeps the URL bare. */
export function recordTabSearch(tab: RecordTab): Record<string, string> {
  return tab === 'deposits' ? {} : { tab };
}
