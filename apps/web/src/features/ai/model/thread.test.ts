import { describe, expect, it } from 'vitest';
import { emptyThread, threadReducer, type Thread } from './thread';

describe('AI thread', () => {
  it('grows a question and a streamed answer, then marks it complete', () => {
    let t: Thread = threadReducer(emptyThread, { type: 'ask', turn: 1, question: 'How do I withdraw?' });
    expect(t.messages.map((m) => [m.role, m.status])).toEqual([
      ['user', 'complete'],
      ['assistant', 'streaming'],
    ]);
    t = threadReducer(t, { type: 'meta', turn: 1, conversationId: 7, userMessageId: 10, messageId: 11, sources: [{ id: 'withdrawal', title: 'W' }] });
    t = threadReducer(t, { type: 'delta', turn: 1, text: 'Hello ' });
    t = threadReducer(t, { type: 'delta', turn: 1, text: 'there' });
    t = threadReducer(t, { type: 'finish', turn: 1, status: 'complete' });
    expect(t.conversationId).toBe(7);
    expect(t.messages[0]!.id).toBe(10);
    expect(t.messages[1]).toMatchObject({ id: 11, content: 'Hello there', status: 'complete', sources: [{ id: 'withdrawal', title: 'W' }] });
  });

  it('keeps what was streamed when stopped, records failures, and discards a pair to retry it', () => {
    let t = threadReducer(emptyThread, { type: 'ask', turn: 1, question: 'q1' });
    t = threadReducer(t, { type: 'delta', turn: 1, text: 'partial' });
    t = threadReducer(t, { type: 'finish', turn: 1, status: 'stopped' });
    t = threadReducer(t, { type: 'ask', turn: 2, question: 'q2' });
    t = threadReducer(t, { type: 'fail', turn: 2, error: 'boom' });
    expect(t.messages[1]).toMatchObject({ content: 'partial', status: 'stopped' });
    expect(t.messages[3]).toMatchObject({ status: 'failed', error: 'boom' });
    t = threadReducer(t, { type: 'discard', turn: 2 });
    expect(t.messages.map((m) => m.content)).toEqual(['q1', 'partial']);
  });

  it('loads a stored conversation, showing an orphaned streaming answer as stopped', () => {
    const t = threadReducer(emptyThread, {
      type: 'load',
      id: 3,
      messages: [
        { id: 1, role: 'user', content: 'q', status: 'complete', sources: [], created_at: '' },
        { id: 2, role: 'assistant', content: 'a', status: 'streaming', sources: [], created_at: '' },
      ],
    });
    expect(t.conversationId).toBe(3);
    expect(t.messages.map((m) => m.status)).toEqual(['complete', 'stopped']);
  });
});
