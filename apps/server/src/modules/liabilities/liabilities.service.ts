/**
 * Proof of liabilities (issue 23 item 6, decision 098): a Merkle sum tree over every user's balances, taken each day
 * by the job runner and when an operator asks; its root and totals are public, and each user gets the inclusion proof
 * of their own leaf. The balances are read in one statement (one snapshot of the books) and the snapshot with all
 * its leaves is written in one transaction.
 */
import { ASSET_KEYS, fromUnits, inclusionProof, nonceDeriver, LIABILITIES_HISTORY, toUnits, type LiabilitiesSnapshot, type SumTree } from '@reef/contract';
import * as clock from '../../core/clock.js';
import { DomainError } from '../../core/errors.js';
import type { Database } from '../../db/client.js';
import { everyUsersBalances } from '../ledger/ledger.service.js';
import * as repo from './liabilities.repository.js';
import { newTree, treeOfPlaced, userNonceLabel } from './liabilities-tree.js';

export type SnapshotTrigger = LiabilitiesSnapshot['trigger'];

/**
 * The tree of the snapshot proofs were last asked for, kept by this process: rebuilding one of 100,000 users takes
 * about a second (`npm run bench:liabilities`), a proof out of a built tree microseconds. Another process rebuilds its
 * own from the stored leaves, the same tree to the last byte.
 */
// Keyed by the root as well as the id: a process with two databases (a test suite on PGlite and PostgreSQL) has a
// snapshot 1 in each, and only the root tells them apart.
let cached: { id: number; root: string; tree: Promise<SumTree> } | null = null;

function view(row: repo.SnapshotRow): LiabilitiesSnapshot {
  return {
    id: row.id,
    root: row.root,
    totals: row.totals as LiabilitiesSnapshot['totals'],
    leaf_count: row.leafCount,
    taken_at: row.takenAt.toISOString(),
    trigger: row.trigger as SnapshotTrigger,
  };
}

/** The snapshot this process is taking: a second request meanwhile gets it too instead of building another tree. */
let inProgress: Promise<LiabilitiesSnapshot> | null = null;

export function takeSnapshot(db: Database, trigger: SnapshotTrigger, actorId: number | null): Promise<LiabilitiesSnapshot> {
  inProgress ??= snapshotNow(db, trigger, actorId).finally(() => {
    inProgress = null;
  });
  return inProgress;
}

async function snapshotNow(db: Database, trigger: SnapshotTrigger, actorId: number | null): Promise<LiabilitiesSnapshot> {
  const takenAt = clock.now();
  const users = (await everyUsersBalances(db)).map(({ userId, balances }) => ({
    userId,
    balances: ASSET_KEYS.map((asset) => toUnits(balances.get(asset) ?? '0')),
  }));
  const { tree, leaves, secret } = newTree(ASSET_KEYS, users);
  const row = await db.transaction(async (tx) => {
    const snapshot = await repo.insertSnapshot(tx, {
      root: tree.root.hash,
      assets: [...ASSET_KEYS],
      totals: ASSET_KEYS.map((asset, i) => ({ asset, amount: fromUnits(tree.root.sums[i]!) })),
      leafCount: tree.leafCount,
      userCount: leaves.length,
      secret: Buffer.from(secret).toString('hex'),
      trigger,
      actorId,
      takenAt,
    });
    await repo.insertLeaves(
      tx,
      leaves.map((leaf) => ({
        snapshotId: snapshot.id,
        userId: leaf.userId,
        leafIndex: leaf.leafIndex,
        balances: leaf.balances.map((units) => fromUnits(units)),
      })),
    );
    return snapshot;
  });
  cached = { id: row.id, root: row.root, tree: Promise.resolve(tree) };
  return view(row);
}

/** The public figures: the latest root and totals, and the snapshots before it. */
export async function overview(db: Database): Promise<{ latest: LiabilitiesSnapshot | null; history: LiabilitiesSnapshot[] }> {
  const rows = await repo.latestSnapshots(db, LIABILITIES_HISTORY);
  return { latest: rows[0] ? view(rows[0]) : null, history: rows.map(view) };
}

async function rebuild(db: Database, row: repo.SnapshotRow): Promise<SumTree> {
  const leaves = (await repo.leavesOf(db, row.id)).map((leaf) => ({ userId: leaf.userId, leafIndex: leaf.leafIndex, balances: leaf.balances.map(toUnits) }));
  const tree = treeOfPlaced(row.assets, leaves, Buffer.from(row.secret, 'hex'));
  // The stored leaves must give the published root back; anything else is corruption, never a proof to hand out.
  if (tree.root.hash !== row.root) throw new Error(`liabilities snapshot ${row.id}: the stored leaves do not rebuild the published root`);
  return tree;
}

function treeOf(db: Database, row: repo.SnapshotRow): Promise<SumTree> {
  if (cached?.id !== row.id || cached.root !== row.root) {
    const tree = rebuild(db, row);
    cached = { id: row.id, root: row.root, tree };
    tree.catch(() => {
      if (cached?.tree === tree) cached = null;
    });
  }
  return cached.tree;
}

/** The caller's own inclusion proof, in the latest snapshot or in the one named (a snapshot's id, never a user's). */
export async function proofOf(db: Database, userId: number, snapshotId?: number) {
  const row = snapshotId === undefined ? (await repo.latestSnapshots(db, 1))[0] : await repo.snapshot(db, snapshotId);
  if (!row) throw new DomainError(snapshotId === undefined ? 'LIABILITIES_PROOF_UNAVAILABLE' : 'NOT_FOUND');
  const leaf = await repo.leafOf(db, row.id, userId);
  if (!leaf) throw new DomainError('LIABILITIES_PROOF_UNAVAILABLE');
  const tree = await treeOf(db, row);
  const snapshot = view(row);
  const nonce = nonceDeriver(Buffer.from(row.secret, 'hex'))(userNonceLabel(userId));
  return { snapshot, proof: inclusionProof(tree, { index: leaf.leafIndex, uid: BigInt(userId), nonce, snapshotId: row.id, takenAt: snapshot.taken_at }) };
}
