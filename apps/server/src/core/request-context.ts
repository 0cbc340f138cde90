/**
 * The request id of the work in progress (decision 081): set for an HTTP request's handler, kept with a job the
 * request enqueued and restored while the job runs, and read by the log lines of what they do — frames published
 * to sockets included — so one id follows a request into its job and its socket frames.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';

const storage = new AsyncLocalStorage<string>();

/** An id a client or proxy may send in `X-Request-Id`: short, and nothing a log reader could mistake for structure. */
const ACCEPTED_ID = /^[A-Za-z0-9._:-]{1,64}$/;

export function newRequestId(): string {
  return randomBytes(8).toString('hex');
}

/** The caller's id when it is acceptable, else a fresh one. */
export function requestIdFrom(header: string | string[] | undefined): string {
  return typeof header === 'string' && ACCEPTED_ID.test(header) ? header : newRequestId();
}

export function withRequestId<T>(id: string, work: () => T): T {
  return storage.run(id, work);
}

export function currentRequestId(): string | undefined {
  return storage.getStore();
}
