/**
 * WebSocket upgrades for the chat socket. On shutdown every socket is closed with 1001 "going away"
 * (SOCKET_CLOSE.GOING_AWAY) before the listener stops, so clients reconnect — to another node if
 * there is one — and catch up with GET /api/chat/sync, instead of seeing a dropped connection.
 * Registered after `app.realtime` is decorated (app.ts).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import websocket from '@fastify/websocket';
import type { WebSocket } from 'ws';
import { chatSocket } from '@reef/contract';

/**
 * Frames above SOCKET_FRAME_MAX_BYTES get a 'Parameter error' frame and the socket stays; frames so
 * large that reading them is itself the abuse make `ws` close the socket with 1009.
 */
export const SOCKET_HARD_MAX_BYTES = 4 * chatSocket.SOCKET_FRAME_MAX_BYTES;
/** How long a closing handshake may take at shutdown before the socket is cut. */
const SHUTDOWN_GRACE_MS = 2000;

function closeGoingAway(socket: WebSocket): Promise<void> {
  if (socket.readyState === socket.CLOSED) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => socket.terminate(), SHUTDOWN_GRACE_MS);
    socket.once('close', () => {
      clearTimeout(timer);
      resolve();
    });
    if (socket.readyState === socket.OPEN || socket.readyState === socket.CONNECTING) {
      socket.close(chatSocket.SOCKET_CLOSE.GOING_AWAY, 'server shutting down');
    }
  });
}

export const websocketPlugin = fp(async (app: FastifyInstance) => {
  await app.register(websocket, {
    options: { maxPayload: SOCKET_HARD_MAX_BYTES },
    preClose: async function (this: FastifyInstance) {
      await Promise.all([...this.websocketServer.clients].map(closeGoingAway));
      // Closed sockets take no new frames; the one each was working on finishes before the database closes.
      await Promise.allSettled([...app.realtime.inFlight]);
    },
  });
});
