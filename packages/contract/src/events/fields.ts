/** The fields and shapes the business events share. */
import * as z from 'zod/mini';
import { uid } from '../common.js';

export const id = z.int().check(z.positive());
export const txHash = z.string().check(z.regex(/^0x[0-9a-f]{64}$/));

/** Every money event names its user and the journal entry that moved the money. */
export const moneyEvent = <T extends string, S extends z.core.$ZodShape>(type: T, shape: S) =>
  z.object({ type: z.literal(type), user_id: uid, entry_id: id, ...shape });

/** An operator's change to a product (decision 057): the audit, with the product before and after. */
export const productChange = <T extends string>(type: T) =>
  z.object({
    type: z.literal(type),
    /** The operator. */
    user_id: uid,
    product_id: id,
    action: z.enum(['create', 'edit', 'status']),
    before: z.nullable(z.record(z.string(), z.unknown())),
    after: z.record(z.string(), z.unknown()),
  });
