import { describe, expect, it } from 'vitest';
import { BIG_ID_MAX, bigId, idParam, SERIAL_ID_MAX, serialId, serialIdParam, uid } from './common.js';

// Decision 095: one id family, bounded by the column; decimal text in paths and queries, JSON integers in bodies.
const NEVER_IDS: unknown[] = [
  0,
  -1,
  1.5,
  '0',
  '-1',
  '+1',
  ' 1',
  '1 ',
  '01',
  '1.0',
  '1e3',
  '0x1',
  '0x10',
  '0b1',
  '',
  'abc',
  true,
  false,
  null,
  [1],
  ['1'],
  {},
  NaN,
  Infinity,
];

describe('row ids', () => {
  it.each([
    ['serialIdParam', serialIdParam, SERIAL_ID_MAX],
    ['idParam', idParam, BIG_ID_MAX],
  ] as const)('%s takes decimal digits (or a typed client’s integer) up to its column’s range', (_name, schema, max) => {
    expect(schema.parse('1')).toBe(1);
    expect(schema.parse('42')).toBe(42);
    expect(schema.parse(7)).toBe(7);
    expect(schema.parse(String(max))).toBe(max);
    expect(schema.parse(max)).toBe(max);
    for (const bad of [...NEVER_IDS, String(max + 1), max + 1, '99999999999999999999']) expect(schema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
  });

  it.each([
    ['serialId', serialId, SERIAL_ID_MAX],
    ['bigId', bigId, BIG_ID_MAX],
  ] as const)('%s takes JSON integers only, up to its column’s range', (_name, schema, max) => {
    expect(schema.parse(1)).toBe(1);
    expect(schema.parse(max)).toBe(max);
    for (const bad of [...NEVER_IDS, '1', '42', max + 1]) expect(schema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
  });

  it('a 32-bit id stops at 2^31−1 (PostgreSQL integer) and a 64-bit one at the largest exact JS integer', () => {
    expect(SERIAL_ID_MAX).toBe(2_147_483_647);
    expect(BIG_ID_MAX).toBe(Number.MAX_SAFE_INTEGER);
    expect(serialId.safeParse(2_147_483_648).success).toBe(false);
    expect(serialIdParam.safeParse('1099511627776').success).toBe(false);
    expect(idParam.parse('1099511627776')).toBe(1_099_511_627_776);
    expect(uid).toBe(serialId);
  });
});
