/**
 * The embedded database's own thread (decision 040). PGlite is PostgreSQL compiled to WebAssembly: every
 * statement runs synchronously on the thread that owns it, so on the server's main thread 100 concurrent
 * writers left it accepting connections only a few times a second. Here PGlite owns the data directory and
 * answers the main thread's messages (see pglite-worker-client.ts, which holds the protocol's other half):
 *
 *   { id, op: 'ready' | 'close' }
 *   { id, op: 'dump' } → the data directory as a gzipped tar (Uint8Array)
 *   { id, op: 'query', sql, params, options, tx? }   options: { rowMode, paramTypes, rawTypes }
 *   { id, op: 'exec', sql, options, tx? }
 *   { id, op: 'begin' } → transaction id;  { id, op: 'commit' | 'rollback', tx }
 *
 * and replies { id, result } or { id, error } (the error's fields as a plain object). Statements carrying
 * `tx` run inside that transaction; all others wait for it, as PGlite's own transaction lock makes them.
 *
 * Plain JavaScript because a worker thread loads its file with Node itself (no TypeScript loader in tests,
 * and the server's bundle copies it next to dist/server.js).
 */
import fs from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

/**
 * PGlite's NODEFS mount has no fsync: Emscripten's fsync() on it succeeds without touching the disk. This
 * mount adds the real one, so PostgreSQL's fsync of the WAL at commit (and of data files at checkpoint)
 * reaches the disk. fdatasync() stays a no-op in Emscripten, hence wal_sync_method=fsync below.
 */
class DurableNodeFS extends NodeFS {
  async init(pg, emscriptenOptions) {
    const result = await super.init(pg, emscriptenOptions);
    result.emscriptenOpts.preRun.push((mod) => {
      mod.NODEFS.stream_ops.fsync = (stream) => {
        // Directories are opened without a host descriptor; only files have one to sync.
        if (typeof stream.nfd === 'number') fs.fsyncSync(stream.nfd);
        return 0;
      };
    });
    return result;
  }
}

/**
 * PGlite starts PostgreSQL with -F (fsync off): a commit is acknowledged once written to the page cache, so
 * a power loss can drop acknowledged money movements. Without -F, with synchronous_commit on (the default),
 * a commit returns after its WAL record is fsynced.
 */
const durableStartParams = [...PGlite.defaultStartParams.filter((param) => param !== '-F'), '-c', 'fsync=on', '-c', 'wal_sync_method=fsync'];

/** @type {{ dataDir: string | null; template: Uint8Array | null }} */
const { dataDir, template } = workerData;
// In memory (tests) there is no disk to sync to. An in-memory database may start from a template, a dump of an
// already migrated one: PostgreSQL's initdb and the migrations run once per test run instead of once per suite.
const pg = dataDir
  ? new PGlite({ fs: new DurableNodeFS(dataDir), startParams: durableStartParams })
  : new PGlite(template ? { loadDataDir: new Blob([template]) } : {});

/** Open transactions by id: PGlite's transaction object and the means to end its callback. */
const transactions = new Map();
let nextTransaction = 1;
/** Thrown into a transaction's callback to make PGlite roll it back. */
const ROLLBACK = Symbol('rollback');

function transactionOf(id) {
  const open = transactions.get(id);
  if (!open) throw new Error(`transaction ${id} is not open`);
  return open;
}

/**
 * Parser functions cannot cross threads. Column types the caller parses itself arrive here as raw text (the
 * caller's parser runs on the main thread); every other type is parsed here by PGlite's defaults, and the
 * values (bigint, Date, JSON objects, bytes) cross as structured clones, unchanged.
 */
function queryOptions(options) {
  const parsers = {};
  for (const type of options?.rawTypes ?? []) parsers[type] = (value) => value;
  return { rowMode: options?.rowMode, paramTypes: options?.paramTypes, parsers };
}

function plainResult(result) {
  return { rows: result.rows, fields: result.fields, affectedRows: result.affectedRows, rowCount: result.rowCount, command: result.command };
}

/** The error's own fields (code, detail, constraint, …) without the ones that cannot be cloned. */
function plainError(error) {
  if (typeof error !== 'object' || error === null) return { message: String(error) };
  const fields = { message: error.message, name: error.name };
  for (const [key, value] of Object.entries(error)) {
    if (key === 'queryOptions' || typeof value === 'function') continue;
    fields[key] = value;
  }
  return fields;
}

function begin() {
  const id = nextTransaction++;
  return new Promise((resolve, reject) => {
    const done = pg.transaction(
      (tx) =>
        new Promise((commit, rollback) => {
          transactions.set(id, { tx, commit, rollback, done });
          resolve(id);
        }),
    );
    done.then(
      () => transactions.delete(id),
      (error) => {
        transactions.delete(id);
        // BEGIN itself failed; once begun, commit() and rollback() report the outcome.
        reject(error);
      },
    );
  });
}

async function handle(message) {
  switch (message.op) {
    case 'ready':
      await pg.waitReady;
      return null;
    case 'query': {
      const target = message.tx ? transactionOf(message.tx).tx : pg;
      return plainResult(await target.query(message.sql, message.params, queryOptions(message.options)));
    }
    case 'exec': {
      const target = message.tx ? transactionOf(message.tx).tx : pg;
      return (await target.exec(message.sql, queryOptions(message.options))).map(plainResult);
    }
    case 'begin':
      return await begin();
    case 'commit': {
      const open = transactionOf(message.tx);
      open.commit();
      await open.done;
      return null;
    }
    case 'rollback': {
      const open = transactionOf(message.tx);
      open.rollback(ROLLBACK);
      await open.done.catch((error) => {
        if (error !== ROLLBACK) throw error;
      });
      return null;
    }
    case 'dump': {
      // A consistent copy for `npm run backup` (decision 081): checkpointed, then taken while no transaction is open
      // (PGlite's transaction lock) and no statement runs (dumpDataDir holds the query lock).
      await pg.exec('CHECKPOINT');
      const file = await pg._runExclusiveTransaction(() => pg.dumpDataDir('gzip'));
      return new Uint8Array(await file.arrayBuffer());
    }
    case 'close':
      await pg.close();
      return null;
    default:
      throw new Error(`unknown database operation ${message.op}`);
  }
}

parentPort.on('message', (message) => {
  handle(message)
    .then((result) => parentPort.postMessage({ id: message.id, result }))
    // A failed statement, or a result that cannot be cloned (postMessage throws): the caller gets an error.
    .catch((error) => parentPort.postMessage({ id: message.id, error: plainError(error) }));
});
