/**
 * The card market's service — OWNED BY cards-market (CARDS.md). This first version is cards-core's placeholder:
 * the two session hooks exist so the session jobs (`session-jobs.ts`) typecheck and call them; they do nothing
 * yet. cards-market replaces this file (keep the two signatures): at a session's opening, auto-list the due cards
 * and match the waiting orders; at its close, release the orders still waiting.
 *
 * Both are called AFTER the session's new state is committed, with the database (each hook runs its own
 * transactions), and may be called more than once for one session (a job re-run, an operator's open/close after
 * the job): they must be safe to repeat.
 */
import type { Database } from '../../db/client.js';
import type { CardSessionRow } from './cards.service.js';

export async function onSessionOpen(_db: Database, _session: CardSessionRow): Promise<void> {}

export async function onSessionClose(_db: Database, _session: CardSessionRow): Promise<void> {}
