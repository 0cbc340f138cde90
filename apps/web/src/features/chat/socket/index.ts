/**
 * The app's one chat socket, bound to the browser and the session. Loaded lazily (after sign-in, from
 * the tab layout and the chat pages) so the home page's first download does not carry it.
 */
import { useSyncExternalStore } from 'react';
import { chatApi, chatSocket } from '@reef/contract';
import { currentLanguage, onLanguageChanged } from '../../../i18n';
import { callApi } from '../../../lib/api-client';
import { forceLogout, getSession, subscribeSession } from '../../../lib/session';
import { ChatSocket, type SocketState } from './chat-socket';
import type { SocketLogEntry } from './socket-log';

export { ChatSendRefused, ChatSocketClosed, type SocketState } from './chat-socket';
export type { ChatSocket } from './chat-socket';
export type { SocketLogEntry } from './socket-log';

let instance: ChatSocket | null = null;

function socketUrl(): string {
  const protocol = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${protocol}//${window.location.host}${chatSocket.CHAT_SOCKET_PATH}`;
}

/** The socket, created on first use; it follows sign-in and sign-out from then on. */
export function getChatSocket(): ChatSocket {
  if (instance) return instance;
  const socket = new ChatSocket({
    url: socketUrl(),
    createSocket: (url) => new WebSocket(url),
    getToken: () => getSession().token,
    getLanguage: currentLanguage,
    network: window,
    page: document,
    onBadToken: forceLogout,
    sendOverHttp: (body) => callApi(chatApi.sendMessage, { body }),
  });
  let token = getSession().token;
  subscribeSession(() => {
    const next = getSession().token;
    if (next === token) return;
    token = next;
    // A new user (or none): never let the old token's socket deliver into the new session.
    socket.close();
    if (next !== null) socket.connect();
  });
  // The socket's `lang` decides the language of the server's refusals: follow a language switch.
  onLanguageChanged(() => socket.restart());
  instance = socket;
  return socket;
}

/** Connects when signed in; safe to call from every page that wants live chat. */
export function startChatSocket(): ChatSocket {
  const socket = getChatSocket();
  if (getSession().token !== null) socket.connect();
  return socket;
}

export function useChatSocketState(): SocketState {
  const socket = getChatSocket();
  return useSyncExternalStore(
    (listener) => socket.onState(listener),
    () => socket.getState(),
    () => socket.getState(),
  );
}

export function useSocketLog(): readonly SocketLogEntry[] {
  const { log } = getChatSocket();
  return useSyncExternalStore(
    (listener) => log.subscribe(listener),
    () => log.list(),
    () => log.list(),
  );
}
