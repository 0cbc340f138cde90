import { describe, expect, it } from 'vitest';
import { nextPageParam, uniqueRows } from './paged-list';

describe('nextPageParam', () => {
  it('asks for the next page until the total is reached', () => {
    expect(nextPageParam({ list: [], page: 1, limit: 20, total: 45 })).toBe(2);
    expect(nextPageParam({ list: [], page: 2, limit: 20, total: 45 })).toBe(3);
    expect(nextPageParam({ list: [], page: 3, limit: 20, total: 45 })).toBeUndefined();
    expect(nextPageParam({ list: [], page: 2, limit: 20, total: 40 })).toBeUndefined();
    expect(nextPageParam({ list: [], page: 1, limit: 20, total: 0 })).toBeUndefined();
  });
});

describe('uniqueRows', () => {
  it('keeps page order and shows a row pushed onto the next page once', () => {
    const first = { list: [{ id: 9 }, { id: 8 }], page: 1, limit: 2, total: 4 };
    // Row 10 arrived between the loads: row 8 is now the first of page 2.
    const second = { list: [{ id: 8 }, { id: 7 }], page: 2, limit: 2, total: 5 };
    expect(uniqueRows([first, second]).map((row) => row.id)).toEqual([9, 8, 7]);
  });

  it('answers an empty list before anything loaded', () => {
    expect(uniqueRows(undefined)).toEqual([]);
  });
});
