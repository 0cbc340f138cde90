import { describe, expect, it } from 'vitest';
import { toCsv } from './csv';

describe('toCsv', () => {
  it('quotes commas, quotes and line breaks, keeps amounts, serialises objects', () => {
    expect(
      toCsv(
        ['a', 'b'],
        [
          ['x,y', 'say "hi"'],
          ['-5.00000000', { id: 1 }],
          ['line\nbreak', null],
        ],
      ),
    ).toBe('a,b\r\n"x,y","say ""hi"""\r\n-5.00000000,"{""id"":1}"\r\n"line\nbreak",\r\n');
  });

  it('defuses cells a spreadsheet would run as formulas', () => {
    expect(toCsv(['f'], [['=1+1'], ['@SUM(A1)'], ['-cmd'], ['+1']])).toBe("f\r\n'=1+1\r\n'@SUM(A1)\r\n'-cmd\r\n'+1\r\n");
  });
});
