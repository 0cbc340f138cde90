/**
 * Business events: what happened, written to the outbox in the same transaction as the change itself
 * (decision 025). Readers (rewards, the operator dashboard, notifications) follow the outbox by id and
 * parse each row with `businessEvent`. Amounts are exact decimal strings, never numbers; `user_id` is the
 * user the event is about (the actor for a user's own move, the owner for an operator's decision).
 */
import * as z from 'zod/mini';
import { FUNDS_EVENTS } from './events/funds.js';
import { CARD_EVENTS } from './events/cards.js';
import { PRODUCT_EVENTS } from './events/products.js';
import { ACCOUNT_EVENTS } from './events/accounts.js';

export const businessEvent = z.discriminatedUnion('type', [...FUNDS_EVENTS, ...CARD_EVENTS, ...PRODUCT_EVENTS, ...ACCOUNT_EVENTS]);

export type BusinessEvent = z.infer<typeof businessEvent>;
export type BusinessEventType = BusinessEvent['type'];
export const BUSINESS_EVENT_TYPES = businessEvent.def.options.map((option) => option.shape.type.def.values[0]) as BusinessEventType[];
