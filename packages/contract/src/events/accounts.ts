/** Business events of accounts and content: roles, freezes, phones, dev sign-in, articles. */
import * as z from 'zod/mini';
import { uid } from '../common.js';
import { id } from './fields.js';

export const operatorRoleChanged = z.object({
  type: z.literal('operator.role_changed'),
  /** The administrator. */
  user_id: uid,
  account: z.string(),
  role: z.enum(['administrator', 'operator', 'auditor', 'service_agent']),
  granted: z.boolean(),
});

/** An operator froze or unfroze a user (decision 084). */
export const userFrozenChanged = z.object({
  type: z.literal('user.frozen_changed'),
  /** The operator. */
  user_id: uid,
  target_uid: uid,
  frozen: z.boolean(),
  reason: z.string(),
});

/** A user verified a phone number and bound it to their account (decision 076); the number itself stays out of the outbox. */
export const phoneBound = z.object({ type: z.literal('phone.bound'), user_id: uid, replaced: z.boolean() });

/** A developer helper signed someone in or made a key (decision 077): never in production, recorded all the same. */
export const devLogin = z.object({ type: z.literal('dev.login'), user_id: uid, created: z.boolean() });

/** An operator wrote or changed an article (decision 078): the audit, with its state before and after. */
export const articleState = z.object({ kind: z.string(), pinned: z.boolean(), hidden: z.boolean(), languages: z.array(z.string()) });
export const articleChanged = z.object({
  type: z.literal('article.changed'),
  /** The operator. */
  user_id: uid,
  article_id: id,
  before: z.nullable(articleState),
  after: articleState,
});

/** This area's events, in the order the union lists them. */
export const ACCOUNT_EVENTS = [operatorRoleChanged, userFrozenChanged, phoneBound, devLogin, articleChanged] as const;
