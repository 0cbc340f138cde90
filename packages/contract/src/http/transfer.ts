import * as z from 'zod/mini';
import { amountString, assetKey, endpoint, freeText, positiveAmount, uid } from '../common.js';
import { payPassword } from './security.js';

/** The largest uid a user row can have (32-bit serial); longer digit strings cannot name anyone. */
const MAX_UID = 2_147_483_647;

export type Recipient = { kind: 'address'; address: string } | { kind: 'uid'; uid: number };

/**
 * What a user types to name a recipient: a wallet address (0x and 40 hex digits, lower-cased: EIP-55 capitals
 * carry no meaning here) or a uid (digits). Anything else is null — the page says "not a valid address or uid"
 * and the server answers RECIPIENT_INVALID, never the generic 'Parameter error'.
 */
export function parseRecipient(text: string): Recipient | null {
  const value = text.trim();
  if (/^0x[0-9a-fA-F]{40}$/.test(value)) return { kind: 'address', address: value.toLowerCase() };
  if (/^\d{1,10}$/.test(value)) {
    const id = Number(value);
    if (id >= 1 && id <= MAX_UID) return { kind: 'uid', uid: id };
  }
  return null;
}

/**
 * The recipient as sent: free text (bounded, no control characters), classified by `parseRecipient` in the
 * service so that a malformed one gets its own refusal rather than 'Parameter error'.
 */
export const recipientText = freeText(64);

/**
 * Spec §7 keeps the original path; everywhere else the capability is named "transfer". `to` is the recipient's
 * wallet address or uid. `password` is the transaction password (decision 013, 041): checked by the server on
 * every call, a replay included, and kept out of the Idempotency-Key digest.
 */
export const transfer = endpoint({
  method: 'POST',
  path: '/api/finance/other/trade',
  auth: 'user',
  body: z.object({ to: recipientText, amount: positiveAmount, asset: assetKey, password: payPassword }),
  response: z.object({
    entry_id: z.int(),
    asset: assetKey,
    amount: amountString,
    fee: amountString,
    balance: amountString,
  }),
});

/** Who a recipient is, as the confirmation shows them: never the whole address of someone the caller did not name. */
export const recipientView = z.object({
  uid,
  nickname: z.string(),
  /** The wallet address, masked (`0xAb...cdEf`). */
  address: z.string(),
  /** Their picture (an upload address) or null for the drawn fallback. */
  avatar: z.nullable(z.string()),
});
export type RecipientView = z.infer<typeof recipientView>;

/**
 * The recipient preview before a transfer (rate-limited per user, RECIPIENT_LOOKUPS_PER_MINUTE). Unknown →
 * RECIPIENT_NOT_FOUND ("no such user"); malformed → RECIPIENT_INVALID; oneself → SELF_TRANSFER.
 */
export const recipient = endpoint('GET /api/transfer/recipient', 'user', {
  query: z.object({ to: recipientText }),
  response: recipientView,
});

/** The last people the caller sent money to, newest first, from the caller's own ledger lines. */
export const recentRecipients = endpoint('GET /api/transfer/recent', 'user', {
  response: z.object({ list: z.array(recipientView) }),
});
