/**
 * The main thread's side of the embedded database (decision 040): PGlite runs in its own worker thread
 * (pglite-worker.mjs) so its synchronous WebAssembly work never blocks the event loop. This object is the
 * part of PGlite's interface Drizzle's `drizzle-orm/pglite` driver uses — query(), exec(), transaction() —
 * forwarded as messages. A transaction's statements are pinned to the worker's transaction; everything else
 * waits for it there, as in PGlite itself.
 */
import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results, Transaction } from '@electric-sql/pglite';

type Parser = (value: string, typeId: number) => unknown;

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

/** What the worker sends back when a statement fails: the database error's fields, plainly. */
interface PlainError {
  message: string;
  name?: string;
  [field: string]: unknown;
}

/**
 * The worker's error rebuilt with the same fields (code, detail, constraint, …), so the SQLSTATE mapping
 * (sql-state.ts) and database refusals (refusal.ts) read it as they read PGlite's own.
 */
function rebuildError(plain: PlainError): Error {
  const { message, name, ...fields } = plain;
  const error = Object.assign(new Error(message), fields);
  if (name) error.name = name;
  return error;
}

/** The worker script: next to this file in the sources, next to server.js in the bundle (build.mjs copies it). */
const workerUrl = new URL('./pglite-worker.mjs', import.meta.url);

export class PGliteWorker {
  readonly waitReady: Promise<void>;
  #worker: Worker;
  #pending = new Map<number, Pending>();
  #nextId = 1;
  /** Set once the thread is gone: every later call fails with it. */
  #stopped: Error | null = null;

  /**
   * `dataDir` null: an in-memory database (tests), started from `template` (a `dumpDataDir` of another) when given.
   */
  constructor(dataDir: string | null, template: Uint8Array | null = null) {
    // No inherited flags: the thread runs plain JavaScript from node_modules, and some of the parent's flags
    // (a TypeScript loader, --input-type) are wrong or costly there.
    this.#worker = new Worker(workerUrl, { workerData: { dataDir, template }, execArgv: [] });
    // Like an in-process PGlite, an idle database does not keep the process alive.
    this.#worker.unref();
    this.#worker.on('message', ({ id, result, error }: { id: number; result?: unknown; error?: PlainError }) => {
      const pending = this.#pending.get(id);
      if (!pending) return;
      this.#settled(id);
      if (error) pending.reject(rebuildError(error));
      else pending.resolve(result);
    });
    this.#worker.on('error', (error) => this.#stop(error));
    this.#worker.on('exit', (code) => this.#stop(new Error(`the embedded database thread exited (code ${code})`)));
    this.waitReady = this.#call({ op: 'ready' }) as Promise<void>;
  }

  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.#query<T>(undefined, sql, params, options);
  }

  exec(sql: string, options?: QueryOptions): Promise<Results[]> {
    return this.#exec(undefined, sql, options);
  }

  async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    const id = (await this.#call({ op: 'begin' })) as number;
    let closed = false;
    const checkOpen = () => {
      if (closed) throw new Error('Transaction is closed');
    };
    const tx = {
      query: <R>(sql: string, params?: unknown[], options?: QueryOptions) => {
        checkOpen();
        return this.#query<R>(id, sql, params, options);
      },
      exec: (sql: string, options?: QueryOptions) => {
        checkOpen();
        return this.#exec(id, sql, options);
      },
      rollback: async () => {
        checkOpen();
        closed = true;
        await this.#call({ op: 'rollback', tx: id });
      },
      get closed() {
        return closed;
      },
    } as unknown as Transaction;
    try {
      const result = await callback(tx);
      if (!closed) {
        closed = true;
        await this.#call({ op: 'commit', tx: id });
      }
      return result;
    } catch (error) {
      if (!closed) {
        closed = true;
        // The callback's error is the one to report; a rollback fails only when the thread is gone.
        await this.#call({ op: 'rollback', tx: id }).catch(() => undefined);
      }
      throw error;
    }
  }

  /** The data directory as PGlite's gzipped tar, consistent between transactions (the `dump` operation). */
  async dumpDataDir(): Promise<Uint8Array> {
    return (await this.#call({ op: 'dump' })) as Uint8Array;
  }

  async close(): Promise<void> {
    if (this.#stopped) return;
    try {
      await this.#call({ op: 'close' });
    } finally {
      // Referenced until it has exited: the close's answer unreferenced the thread (nothing owed any more), and an
      // unreferenced thread's terminate() does not keep the process alive. A caller whose only pending work was this
      // close then saw the process end silently, exit code 0, mid-close (the bench after its transfers phase).
      this.#worker.ref();
      await this.#worker.terminate();
    }
  }

  async #query<T>(tx: number | undefined, sql: string, params: unknown[] | undefined, options: QueryOptions | undefined): Promise<Results<T>> {
    const parsers = mainThreadParsers(options);
    const result = (await this.#call({ op: 'query', tx, sql, params, options: wireOptions(options, parsers) })) as Results<T>;
    return applyParsers(result, parsers);
  }

  async #exec(tx: number | undefined, sql: string, options: QueryOptions | undefined): Promise<Results[]> {
    const parsers = mainThreadParsers(options);
    const results = (await this.#call({ op: 'exec', tx, sql, options: wireOptions(options, parsers) })) as Results[];
    return results.map((result) => applyParsers(result, parsers));
  }

  #call(message: Record<string, unknown>): Promise<unknown> {
    if (this.#stopped) return Promise.reject(this.#stopped);
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      // The thread is referenced (keeps the process alive) only while it owes an answer.
      if (this.#pending.size === 0) this.#worker.ref();
      this.#pending.set(id, { resolve, reject });
      this.#worker.postMessage({ ...message, id });
    });
  }

  #settled(id: number): void {
    this.#pending.delete(id);
    if (this.#pending.size === 0) this.#worker.unref();
  }

  #stop(reason: Error): void {
    if (this.#stopped) return;
    this.#stopped = reason;
    for (const [id, pending] of this.#pending) {
      this.#settled(id);
      pending.reject(reason);
    }
  }
}

function mainThreadParsers(options: QueryOptions | undefined): Map<number, Parser> {
  if (options?.serializers || options?.blob || options?.onNotice) {
    throw new Error('the embedded database thread takes no serializers, blobs or notice callbacks');
  }
  return new Map(Object.entries(options?.parsers ?? {}).map(([type, parser]) => [Number(type), parser as Parser]));
}

function wireOptions(options: QueryOptions | undefined, parsers: Map<number, Parser>) {
  return { rowMode: options?.rowMode, paramTypes: options?.paramTypes, rawTypes: [...parsers.keys()] };
}

/** Runs the caller's parsers over the columns the worker left as text, as PGlite would have. */
function applyParsers<T>(result: Results<T>, parsers: Map<number, Parser>): Results<T> {
  if (parsers.size === 0 || result.rows.length === 0) return result;
  result.fields.forEach((field, index) => {
    const parser = parsers.get(field.dataTypeID);
    if (!parser) return;
    for (const row of result.rows as Record<string | number, unknown>[]) {
      const key = Array.isArray(row) ? index : field.name;
      const value = row[key];
      if (value !== null && value !== undefined) row[key] = parser(value as string, field.dataTypeID);
    }
  });
  return result;
}
