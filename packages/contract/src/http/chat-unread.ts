import * as z from 'zod/mini';
import { endpoint } from '../common.js';

/**
 * The badge on the Mine tab and the chat list. Also `chatApi.getUnread`; exported alone as `chatUnreadApi` so the
 * app shell, which shows the badge on its first screen, does not load the rest of the chat contract (decision 039).
 */
export const getUnread = endpoint('GET /api/chat/unread', 'user', { response: z.object({ total: z.int().check(z.nonnegative()) }) });
