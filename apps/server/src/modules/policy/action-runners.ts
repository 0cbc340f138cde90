/**
 * The admin writes an approval can run later (decision 092): the registrar files each one's runner here under its
 * action name, and the approvals route runs the stored request through it, so an approved action takes exactly the
 * path of a direct call (input schemas, handler, response schema, audit row).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Transaction } from '../../db/client.js';
import type { AuthUser } from '../../core/auth-user.js';
import { DomainError } from '../../core/errors.js';
import type { StoredAction } from './approvals.service.js';

export type ActionRunner = (
  approver: AuthUser,
  stored: StoredAction,
  request: FastifyRequest,
  reply: FastifyReply,
  /** Marks the request approved inside the action's transaction. */
  settle: (tx: Transaction, result: unknown) => Promise<void>,
) => Promise<unknown>;

/**
 * One registry per app, keyed by its HTTP server: each route plugin sees its own encapsulated instance, but they all
 * share the root's server; tests run several apps in one process.
 */
const runners = new WeakMap<object, Map<string, ActionRunner>>();

export function registerRunner(app: FastifyInstance, action: string, runner: ActionRunner): void {
  const map = runners.get(app.server) ?? new Map<string, ActionRunner>();
  map.set(action, runner);
  runners.set(app.server, map);
}

export function runnerOf(app: FastifyInstance, action: string): ActionRunner {
  const runner = runners.get(app.server)?.get(action);
  if (!runner) throw new DomainError('NOT_FOUND');
  return runner;
}
