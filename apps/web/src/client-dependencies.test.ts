import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The home page's initial JS has a budget: the client builds its sign-in message by hand and never
// ships a wallet library (tests may use viem as the reference implementation).
const src = dirname(fileURLToPath(import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('client dependencies', () => {
  it('keeps viem and other wallet libraries out of the client', () => {
    const offenders = sourceFiles(src).filter((file) =>
      /from\s+['"](viem|ethers|web3|wagmi|siwe)(\/[^'"]*)?['"]|import\(\s*['"](viem|ethers|web3|wagmi|siwe)/.test(readFileSync(file, 'utf8')),
    );
    expect(offenders.map((file) => relative(src, file))).toEqual([]);
  });
});
