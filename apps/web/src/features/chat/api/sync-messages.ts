import { chatApi } from '@reef/contract';
import { callApi } from '../../../lib/api-client';

/** GET /api/chat/sync — what was stored after `after`, oldest first (catch-up after a reconnect). */
export function syncMessages(after: number) {
  return callApi(chatApi.syncMessages, { query: { after }, quiet: true });
}
