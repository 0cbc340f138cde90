import { describe, expect, it } from 'vitest';
import type { SendMessageBody } from '../http/chat.js';
import { toChatFrame, toSendMessageBody } from './chat-socket.js';

const text = { msg_type: 'text' as const, content: 'hi', client_id: 'abcdefgh' };

describe('toChatFrame', () => {
  it('maps groups, users and both sides of the service desk to spec §3 fields', () => {
    expect(toChatFrame({ ...text, conversation: { type: 'group', id: 3 } }, 7)).toMatchObject({
      id: 3,
      to_group: true,
      to_user_type: 'user',
      user_type: 'user',
    });
    expect(toChatFrame({ ...text, conversation: { type: 'user', id: 8 } }, 7)).toMatchObject({
      id: 8,
      to_group: false,
      to_user_type: 'user',
      user_type: 'user',
    });
    // The customer (uid 7) writes to the desk…
    expect(toChatFrame({ ...text, conversation: { type: 'service', id: 7 } }, 7)).toMatchObject({ id: 7, to_user_type: 'service', user_type: 'user' });
    // …an agent (uid 2) answers customer 7 as the desk.
    expect(toChatFrame({ ...text, conversation: { type: 'service', id: 7 } }, 2)).toMatchObject({ id: 7, to_user_type: 'user', user_type: 'service' });
  });
});

describe('toChatFrame and toSendMessageBody', () => {
  it('round-trip every conversation kind from both sides of the desk', () => {
    const bodies: [SendMessageBody, number][] = [
      [{ ...text, conversation: { type: 'group', id: 3 } }, 7],
      [{ ...text, conversation: { type: 'user', id: 8 } }, 7],
      [{ ...text, conversation: { type: 'service', id: 7 } }, 7],
      [{ ...text, conversation: { type: 'service', id: 7 } }, 2],
      [{ msg_type: 'emoji', content: '🙂', client_id: 'client-id_2', conversation: { type: 'user', id: 1 } }, 9],
      [{ msg_type: 'image', content: '/uploads/a.png', client_id: 'client-id_3', conversation: { type: 'group', id: 7 } }, 7],
    ];
    for (const [body, myUid] of bodies) expect(toSendMessageBody(toChatFrame(body, myUid), myUid)).toEqual(body);
  });

  it('sends a customer to their own desk whatever id the frame carries', () => {
    const frame = { ...text, id: 0, to_group: false, to_user_type: 'service', user_type: 'user' } as const;
    expect(toSendMessageBody(frame, 7).conversation).toEqual({ type: 'service', id: 7 });
  });
});
