import { describe, expect, it } from 'vitest';
import { parseRecordTab, recordTabSearch, RECORD_TABS } from './record-tab';

describe('parseRecordTab', () => {
  it('opens the tab the URL names', () => {
    expect(parseRecordTab('withdrawals')).toBe('withdrawals');
    expect(parseRecordTab('deposits')).toBe('deposits');
  });

  it('opens deposits when the URL names no tab or an unknown one', () => {
    expect(parseRecordTab(null)).toBe('deposits');
    expect(parseRecordTab('')).toBe('deposits');
    expect(parseRecordTab('bills')).toBe('deposits');
    expect(parseRecordTab('Withdrawals')).toBe('deposits');
  });
});

describe('recordTabSearch', () => {
  it('keeps the default tab out of the URL and round-trips the other', () => {
    expect(recordTabSearch('deposits')).toEqual({});
    expect(recordTabSearch('withdrawals')).toEqual({ tab: 'withdrawals' });
    for (const tab of RECORD_TABS) expect(parseRecordTab(recordTabSearch(tab).tab ?? null)).toBe(tab);
  });
});
