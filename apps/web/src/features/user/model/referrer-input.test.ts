import { describe, expect, it } from 'vitest';
import { parseReferrerInput } from './referrer-input';

const ADDRESS = '0x000000000000000000000000000000000000dEaD';

describe('parseReferrerInput', () => {
  it('reads a wallet address, trimmed', () => {
    expect(parseReferrerInput(`  ${ADDRESS} `)).toEqual({ kind: 'address', address: ADDRESS });
  });

  it('reads a uid / invite code', () => {
    expect(parseReferrerInput('42')).toEqual({ kind: 'uid', uid: 42 });
    expect(parseReferrerInput(' 7 ')).toEqual({ kind: 'uid', uid: 7 });
  });

  it('reads the referrer id out of a pasted invite link, wherever the query sits', () => {
    expect(parseReferrerInput('https://reef.example/index/?spread=15#/')).toEqual({ kind: 'uid', uid: 15 });
    expect(parseReferrerInput('https://reef.example/index/#/pages/index/index?spread=16')).toEqual({ kind: 'uid', uid: 16 });
    expect(parseReferrerInput('https://reef.example/index/#/?a=1&spread=17&b=2')).toEqual({ kind: 'uid', uid: 17 });
  });

  it('tells empty from invalid', () => {
    expect(parseReferrerInput('   ')).toEqual({ kind: 'empty' });
    for (const bad of [
      'abc',
      '0x123',
      `${ADDRESS}00`,
      '0',
      '-3',
      '1.5',
      '99999999999',
      '3000000000',
      'spread=5',
      'https://reef.example/?spread=x',
      'javascript:?spread=5',
    ]) {
      expect(parseReferrerInput(bad), bad).toEqual({ kind: 'invalid' });
    }
  });
});
