import type { FastifyInstance } from 'fastify';
import { chatSocket } from '@reef/contract';
import { ChatConnection } from './chat-gateway.js';

export async function chatSocketRoutes(app: FastifyInstance): Promise<void> {
  // 'warn': the request line carries the sign-in token, and the info-level request log would write it down.
  app.get(chatSocket.CHAT_SOCKET_PATH, { websocket: true, logLevel: 'warn' }, (socket, request) =>
    new ChatConnection({ db: app.db, config: app.config, realtime: app.realtime, log: request.log }, socket, request).open(),
  );
}
