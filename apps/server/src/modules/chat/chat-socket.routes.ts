import type { FastifyInstance } from 'fastify';
import { chatSocket } from '@reef/contract';
import { ForbiddenError } from '../../core/errors.js';
import { ChatConnection } from './chat-gateway.js';

export async function chatSocketRoutes(app: FastifyInstance): Promise<void> {
  const allowedOrigins = new Set(app.config.publicOrigins);
  app.get(
    chatSocket.CHAT_SOCKET_PATH,
    {
      websocket: true,
      // 'warn': the request line carries the sign-in token, and the info-level request log would write it down.
      logLevel: 'warn',
      // Before the upgrade: a page on another site could otherwise open a socket with a token it got
      // hold of, and read the user's messages (cross-site WebSocket hijacking). Browsers always send
      // Origin on a WebSocket upgrade; native clients and tools that send none are let through, since
      // the token is what authenticates them (decision 037).
      preValidation: async (request) => {
        const origin = request.headers.origin;
        if (origin !== undefined && !allowedOrigins.has(origin)) throw new ForbiddenError();
      },
    },
    (socket, request) => {
      // Taken before the token check, so sockets that never sign in count against the address too.
      const address = request.ip;
      if (!app.realtime.addresses.take(address)) {
        socket.close(chatSocket.SOCKET_CLOSE.TOO_MANY_SOCKETS, 'too many sockets from this address');
        return;
      }
      socket.once('close', () => app.realtime.addresses.release(address));
      return new ChatConnection({ db: app.db, config: app.config, access: app.access, realtime: app.realtime, log: request.log }, socket, request).open();
    },
  );
}
