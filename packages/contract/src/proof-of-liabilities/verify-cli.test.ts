import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { buildSumTree, inclusionProof, type LeafInput } from './tree.js';
import type { LiabilitiesProof } from './proof.js';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../../../..');
const TSX = path.join(ROOT, 'node_modules/.bin/tsx');
const CLI = path.join(import.meta.dirname, 'verify-cli.ts');
const dir = mkdtempSync(path.join(tmpdir(), 'pol-cli-'));

const leaves: LeafInput[] = [1n, 2n, 3n, 0n].map((uid, i) => ({ uid, nonce: randomBytes(32), balances: uid ? [BigInt(i + 1) * 100_000_000n, 5n] : [0n, 0n] }));
const tree = buildSumTree(['usdt', 'coin'], leaves);
const good = inclusionProof(tree, { index: 1, uid: 2n, nonce: leaves[1]!.nonce, snapshotId: 3, takenAt: '2026-11-28T00:00:00.000Z' });

async function verify(proof: LiabilitiesProof, ...args: string[]): Promise<{ code: number; out: string }> {
  const file = path.join(dir, `${randomBytes(4).toString('hex')}.json`);
  writeFileSync(file, JSON.stringify(proof));
  try {
    const { stdout } = await run(TSX, [CLI, file, ...args]);
    return { code: 0, out: stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, out: failed.stdout + failed.stderr };
  }
}

describe('the verifier script', () => {
  it('passes a good proof against the published root and totals, printing the user’s balances', async () => {
    const result = await verify(good, tree.root.hash, 'usdt=6', 'coin=0.00000015');
    expect(result).toMatchObject({ code: 0 });
    expect(result.out).toContain(`OK: uid 2 is included in the tree with root ${tree.root.hash}`);
    expect(result.out).toMatch(/usdt\s+yours\s+2\.00000000\s+total\s+6\.00000000/);
  }, 60_000);

  it('fails (exit 1) a tampered leaf, sibling hash or sibling sum, a wrong root or wrong totals', async () => {
    const leaf = structuredClone(good);
    leaf.leaf.balances[0] = '20.00000000';
    const sibling = structuredClone(good);
    sibling.path[1]!.hash = 'f'.repeat(64);
    const sum = structuredClone(good);
    sum.path[0]!.sums[0] = '0.00000000';
    const negative = structuredClone(good);
    negative.path[0]!.sums[1] = '-1.00000000';
    const results = await Promise.all([
      verify(leaf, tree.root.hash),
      verify(sibling, tree.root.hash),
      verify(sum, tree.root.hash),
      verify(negative, tree.root.hash),
      verify(good, '0'.repeat(64)),
      verify(good, tree.root.hash, 'usdt=5'),
    ]);
    expect(results.map((r) => r.code)).toEqual([1, 1, 1, 1, 1, 1]);
    expect(results.map((r) => /FAILED \(([a-z_]+)\)/.exec(r.out)?.[1])).toEqual([
      'root_mismatch',
      'root_mismatch',
      'root_mismatch',
      'negative_amount',
      'root_mismatch',
      'totals_mismatch',
    ]);
  }, 60_000);

  it('exits 2 on wrong usage', async () => {
    expect((await verify(good)).code).toBe(2);
    expect((await verify(good, 'not-a-root')).code).toBe(2);
  }, 60_000);
});
