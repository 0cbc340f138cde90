/**
 * Proof of liabilities at scale (issue 23 item 6, decision 098). First the pure tree, as the server, the browser and
 * the verifier script run it: a sum tree over 100,000 users (BENCH_LIABILITY_USERS) with balances in every asset —
 * build time, the memory a built tree holds, the time to cut a proof, the proof's size (JSON bytes, path length)
 * and the time to verify one. Then the whole snapshot on a database: that many users (inserted in bulk, each funded
 * through the ledger), one `takeSnapshot` (read every balance in one statement, build, write the snapshot and every
 * leaf in one transaction), and a proof for a user in a fresh process's view (the tree rebuilt from its stored
 * leaves, then answered from the cached tree). `npm run bench` runs it; `npm run bench:liabilities` runs only this
 * phase (`BENCH_KINDS=pglite|postgres` picks the databases).
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { ASSET_KEYS, inclusionProof, nonceDeriver, verifyLiabilitiesProof, type AssetKey } from '@reef/contract';
import type { DatabaseHandle } from '../src/db/client.js';
import { ensureSystemAccounts, postEntries, type EntryInput } from '../src/modules/ledger/ledger.service.js';
import { newTree, userNonceLabel } from '../src/modules/liabilities/liabilities-tree.js';
import { proofOf, takeSnapshot } from '../src/modules/liabilities/liabilities.service.js';
import { runAlone } from './common.js';

const USERS = Number(process.env.BENCH_LIABILITY_USERS ?? 100_000);
const VERIFY_SAMPLES = 1000;
const FUND_BATCH = 500;
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export interface LiabilitiesResult {
  users: number;
  leafCount: number;
  buildMs: number;
  heapMb: number;
  proofMs: number;
  proofBytes: number;
  pathLength: number;
  verifyMs: number;
  db: { kind: string; fundMs: number; snapshotMs: number; firstProofMs: number; cachedProofMs: number };
}

/** A user's balance of each asset: varied, some zero, deterministic so runs compare. */
const balancesOf = (i: number) => ASSET_KEYS.map((_, a) => ((i * 7919 + a * 104_729) % 5 === 0 ? 0n : BigInt((i * 31 + a) % 1_000_000) * 1_000_000n + 1n));

function pureTree() {
  const users = Array.from({ length: USERS }, (_, i) => ({ userId: i + 1, balances: balancesOf(i) }));
  const heapBefore = process.memoryUsage().heapUsed;
  const started = performance.now();
  const { tree, leaves, secret } = newTree(ASSET_KEYS, users);
  const buildMs = performance.now() - started;
  const heapMb = (process.memoryUsage().heapUsed - heapBefore) / 2 ** 20;
  const nonce = nonceDeriver(secret);
  const proofs = [];
  const cut = performance.now();
  for (let k = 0; k < VERIFY_SAMPLES; k += 1) {
    const leaf = leaves[(k * 97) % leaves.length]!;
    proofs.push(
      inclusionProof(tree, {
        index: leaf.leafIndex,
        uid: BigInt(leaf.userId),
        nonce: nonce(userNonceLabel(leaf.userId)),
        snapshotId: 1,
        takenAt: new Date(0).toISOString(),
      }),
    );
  }
  const proofMs = (performance.now() - cut) / VERIFY_SAMPLES;
  const verified = performance.now();
  for (const proof of proofs) {
    if (!verifyLiabilitiesProof(proof, { hash: tree.root.hash }).ok) throw new Error('a proof of the bench tree failed to verify');
  }
  const verifyMs = (performance.now() - verified) / VERIFY_SAMPLES;
  return { leafCount: tree.leafCount, buildMs, heapMb, proofMs, verifyMs, proofBytes: JSON.stringify(proofs[0]).length, pathLength: proofs[0]!.path.length };
}

async function seedUsers(database: DatabaseHandle): Promise<number[]> {
  const ids = rowsOf<{ id: number }>(
    await database.db.execute(sql`
      insert into users (account) select '0x' || lpad(to_hex(g), 40, '0') from generate_series(1, ${USERS}) g returning id`),
  ).map((row) => row.id);
  // Each user's accounts, as sign-in opens them (openUserAccounts), in one statement for the lot.
  await database.db.execute(sql`
    insert into ledger_accounts (user_id, asset)
    select u.id, a from users u cross join unnest(${`{${ASSET_KEYS.join(',')}}`}::text[]) a where u.id = any(${`{${ids.join(',')}}`}::int[])`);
  await ensureSystemAccounts(
    database.db,
    ASSET_KEYS.map((asset) => ({ system: 'adjustment' as const, asset })),
  );
  // One entry per batch of users: each user's credits, and one debit of `adjustment` per asset for the lot.
  for (let at = 0; at < ids.length; at += FUND_BATCH) {
    const credits = ids.slice(at, at + FUND_BATCH).flatMap((userId, k) => {
      const balances = balancesOf(at + k);
      return ASSET_KEYS.flatMap((asset: AssetKey, a) =>
        balances[a] === 0n ? [] : [{ account: { userId, asset }, amount: balances[a]!, kind: 'adjustment' as const }],
      );
    });
    const debits = ASSET_KEYS.map((asset) => ({
      account: { system: 'adjustment' as const, asset },
      amount: -credits.filter((c) => c.account.asset === asset).reduce((sum, c) => sum + c.amount, 0n),
      kind: 'adjustment' as const,
    })).filter((d) => d.amount !== 0n);
    const entry: EntryInput = { kind: 'adjustment', memo: 'liabilities bench', actorId: null, postings: [...credits, ...debits] };
    await database.db.transaction((tx) => postEntries(tx, [entry]));
  }
  return ids;
}

export async function runLiabilitiesBench(kind: 'pglite' | 'postgres', open: () => Promise<DatabaseHandle>): Promise<LiabilitiesResult> {
  const pure = pureTree();
  const database = await open();
  try {
    let started = performance.now();
    const ids = await seedUsers(database);
    const fundMs = performance.now() - started;
    started = performance.now();
    const snapshot = await takeSnapshot(database.db, 'operator', null);
    const snapshotMs = performance.now() - started;
    // A fresh process's view: an earlier snapshot's tree is not the cached one, so the first proof rebuilds it.
    await takeSnapshot(database.db, 'daily', null);
    started = performance.now();
    const first = await proofOf(database.db, ids[0]!, snapshot.id);
    const firstProofMs = performance.now() - started;
    started = performance.now();
    const again = await proofOf(database.db, ids[1]!, snapshot.id);
    const cachedProofMs = performance.now() - started;
    for (const answer of [first, again]) {
      if (!verifyLiabilitiesProof(answer.proof, { hash: snapshot.root }).ok) throw new Error('a stored snapshot’s proof failed to verify');
    }
    return { users: USERS, ...pure, db: { kind, fundMs, snapshotMs, firstProofMs, cachedProofMs } };
  } finally {
    await database.close();
  }
}

export function liabilitiesLines(r: LiabilitiesResult): string[] {
  const ms = (value: number) => `${value.toFixed(value < 10 ? 3 : 0)} ms`;
  return [
    `Proof of liabilities: a sum tree over ${r.users.toLocaleString('en')} users × ${ASSET_KEYS.length} assets (${r.leafCount.toLocaleString('en')} leaves with padding)`,
    `  build (shuffle, nonces, hashes, sums)   ${ms(r.buildMs)}   heap held by the tree ≈ ${r.heapMb.toFixed(0)} MB`,
    `  one proof: ${r.proofBytes.toLocaleString('en')} bytes of JSON, path of ${r.pathLength} siblings; cut in ${ms(r.proofMs)}, verified in ${ms(r.verifyMs)} (mean of ${VERIFY_SAMPLES})`,
    `  on ${r.db.kind}: funding the users through the ledger ${ms(r.db.fundMs)} (set-up)`,
    `  on ${r.db.kind}: takeSnapshot (one read of every balance, build, snapshot + leaves in one transaction) ${ms(r.db.snapshotMs)}`,
    `  on ${r.db.kind}: a proof when the tree must be rebuilt from the stored leaves ${ms(r.db.firstProofMs)}; from the cached tree ${ms(r.db.cachedProofMs)}`,
    '  (measured on whatever else the machine is running at the time: compare runs of the same load)',
  ];
}

await runAlone(import.meta.url, async (kind, open) => {
  for (const line of liabilitiesLines(await runLiabilitiesBench(kind, open))) console.log(line);
  console.log('');
});
