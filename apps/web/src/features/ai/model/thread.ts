import type { AiMessage, AiMessageStatus, AiSource } from '@reef/contract';

/** A message on screen: stored ones carry their server id; the pair being asked has none until `meta`. */
export interface ThreadMessage {
  key: string;
  id: number | null;
  role: 'user' | 'assistant';
  content: string;
  status: AiMessageStatus;
  sources: AiSource[];
  /** Why the answer failed, localized by the server (or the client for transport failures). */
  error: string | null;
}

export interface Thread {
  conversationId: number | null;
  messages: ThreadMessage[];
}

export const emptyThread: Thread = { conversationId: null, messages: [] };

export type ThreadAction =
  | { type: 'reset' }
  | { type: 'load'; id: number; messages: AiMessage[] }
  | { type: 'ask'; turn: number; question: string }
  | { type: 'meta'; turn: number; conversationId: number; userMessageId: number; messageId: number; sources: AiSource[] }
  | { type: 'delta'; turn: number; text: string }
  | { type: 'finish'; turn: number; status: 'complete' | 'stopped' }
  | { type: 'fail'; turn: number; error: string }
  | { type: 'discard'; turn: number };

const questionKey = (turn: number) => `q${turn}`;
const answerKey = (turn: number) => `a${turn}`;

/** The turn of an answer asked in this session (`a<turn>`); null for one loaded from the server. */
export function turnOf(key: string): number | null {
  return /^a\d+$/.test(key) ? Number(key.slice(1)) : null;
}

function updateAnswer(thread: Thread, turn: number, change: (m: ThreadMessage) => ThreadMessage): Thread {
  const key = answerKey(turn);
  return { ...thread, messages: thread.messages.map((m) => (m.key === key ? change(m) : m)) };
}

export function threadReducer(thread: Thread, action: ThreadAction): Thread {
  switch (action.type) {
    case 'reset':
      return emptyThread;
    case 'load':
      return {
        conversationId: action.id,
        messages: action.messages.map((m) => ({
          key: `m${m.id}`,
          id: m.id,
          role: m.role,
          content: m.content,
          // An answer still 'streaming' in storage lost its writer (a restart): show it as stopped.
          status: m.status === 'streaming' ? 'stopped' : m.status,
          sources: m.sources,
          error: null,
        })),
      };
    case 'ask':
      return {
        ...thread,
        messages: [
          ...thread.messages,
          { key: questionKey(action.turn), id: null, role: 'user', content: action.question, status: 'complete', sources: [], error: null },
          { key: answerKey(action.turn), id: null, role: 'assistant', content: '', status: 'streaming', sources: [], error: null },
        ],
      };
    case 'meta': {
      const withIds = {
        conversationId: action.conversationId,
        messages: thread.messages.map((m) => (m.key === questionKey(action.turn) ? { ...m, id: action.userMessageId } : m)),
      };
      return updateAnswer(withIds, action.turn, (m) => ({ ...m, id: action.messageId, sources: action.sources }));
    }
    case 'delta':
      return updateAnswer(thread, action.turn, (m) => ({ ...m, content: m.content + action.text }));
    case 'finish':
      return updateAnswer(thread, action.turn, (m) => ({ ...m, status: action.status }));
    case 'fail':
      return updateAnswer(thread, action.turn, (m) => ({ ...m, status: 'failed', error: action.error }));
    case 'discard': {
      const keys = new Set([questionKey(action.turn), answerKey(action.turn)]);
      return { ...thread, messages: thread.messages.filter((m) => !keys.has(m.key)) };
    }
  }
}
