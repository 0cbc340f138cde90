import { transferApi } from '@reef/contract';
import { callApi } from '../../../../lib/api-client';

/**
 * GET /api/transfer/recipient — who a uid or address names (nickname, uid, masked address), fetched when the user
 * asks to review a transfer. A refusal ("no such user", "not a valid address or uid") is the caller's to show.
 * Not cached: each review asks again, and the server limits how often.
 */
export function getRecipient(to: string, signal?: AbortSignal) {
  return callApi(transferApi.recipient, { query: { to }, signal });
}
