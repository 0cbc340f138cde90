import { describe, expect, it } from 'vitest';
import { AI_MESSAGE_MAX, AI_MESSAGES_PER_MINUTE } from '@reef/contract';
import { databaseKinds, type SignedInUser, type TestApp, withTestApp } from '../../test/harness.js';
import { answerText, parseEvents } from './sse-test-client.js';

describe.each(databaseKinds)('AI chat, built-in assistant, on %s', (kind) => {
  let t: TestApp, alice: SignedInUser, bob: SignedInUser;
  // The built-in answer's pause between pieces is 1 ms, not the 15 ms a reader sees: the rate-limit test alone asks
  // ten questions, 2 s of pauses each (decision 129); an answer still streams, so a second question still meets it.
  withTestApp({ kind, env: { AI_BUILTIN_PAUSE_MS: '1' } }, async (app) => {
    t = app;
    alice = await t.signIn();
    bob = await t.signIn();
  });

  const ask = async (user: SignedInUser, payload: unknown, language = 'en-us') => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/ai/chat',
      headers: { authorization: `Bearer ${user.token}`, 'accept-language': language },
      payload: payload as Record<string, unknown>,
    });
    return res;
  };
  const askStream = async (user: SignedInUser, payload: unknown, language = 'en-us') => {
    const res = await ask(user, payload, language);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
    const events = parseEvents(res.body);
    return { events, text: answerText(events), meta: events[0]!.event === 'meta' ? events[0]!.data : null, last: events.at(-1)! };
  };

  let aliceConversation: number;

  it('answers an English question from the help content, streaming, with links to the articles used', async () => {
    const { events, text, meta, last } = await askStream(alice, { message: 'How do I withdraw USDT to my wallet?' });
    expect(events[0]!.event).toBe('meta');
    expect(events.filter((e) => e.event === 'delta').length).toBeGreaterThan(10);
    expect(last).toEqual({ event: 'done', data: { message_id: meta!.message_id, status: 'complete' } });
    expect(meta!.sources[0]).toEqual({ id: 'withdrawal', title: 'Withdrawing to your wallet' });
    expect(text).toContain('[Withdrawing to your wallet](#/pages/article/details?id=withdrawal)');
    expect(text).toContain('BNB Smart Chain');
    aliceConversation = meta!.conversation_id;
  });

  it('answers a Chinese question from the Chinese help text', async () => {
    const { text, meta } = await askStream(alice, { message: '交易密碼輸錯被鎖定了怎麼辦？' }, 'zh-TW');
    expect(meta!.sources[0]).toEqual({ id: 'transaction-password', title: '交易密碼與鎖定' });
    expect(text).toMatch(/^Reef 說明中與此相關的內容如下/);
    expect(text).toContain('15 分鐘');
    expect(text).toContain('(#/pages/article/details?id=transaction-password)');
  });

  it('says plainly that it does not know when nothing in the help is relevant', async () => {
    const { text, meta, last } = await askStream(alice, { message: 'What is the weather in Paris tomorrow?' });
    expect(meta!.sources).toEqual([]);
    expect(text).toMatch(/^I don't know — I found nothing about this in the Reef help/);
    expect(last.event).toBe('done');
    const zh = await askStream(alice, { message: '明天的足球比賽誰會贏' }, 'zh-tw');
    expect(zh.text).toMatch(/^我不知道/);
  });

  it('keeps conversations per user: list, continue, read, delete', async () => {
    const continued = await askStream(alice, { conversation_id: aliceConversation, message: 'And what is the fee for a transfer?' });
    expect(continued.meta!.conversation_id).toBe(aliceConversation);
    expect(continued.meta!.sources.map((s) => s.id)).toContain('transfer');

    const list = await t.call({ method: 'GET', url: '/api/ai/conversations', token: alice.token });
    expect(list.status).toBe(200);
    expect(list.data.total).toBe(4);
    expect(list.data.list[0]).toMatchObject({ id: aliceConversation, title: 'How do I withdraw USDT to my wallet?' });

    const one = await t.call({ method: 'GET', url: `/api/ai/conversations/${aliceConversation}`, token: alice.token });
    expect(one.data.messages.map((m: { role: string }) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(one.data.messages[1]).toMatchObject({ status: 'complete' });
    expect(one.data.messages[1].sources[0]).toEqual({ id: 'withdrawal', title: 'Withdrawing to your wallet' });
    expect(one.data.messages[1].content).toContain('#/pages/article/details?id=withdrawal');
    expect(one.data.messages[2].content).toBe('And what is the fee for a transfer?');

    expect((await t.call({ method: 'GET', url: '/api/ai/conversations', token: bob.token })).data).toMatchObject({ list: [], total: 0 });

    const deleted = await t.call({ method: 'DELETE', url: `/api/ai/conversations/${aliceConversation}`, token: alice.token });
    expect(deleted.data).toEqual({ id: aliceConversation });
    const gone = await t.call({ method: 'GET', url: `/api/ai/conversations/${aliceConversation}`, token: alice.token });
    expect(gone.data.code).toBe('NOT_FOUND');
    const again = await t.call({ method: 'DELETE', url: `/api/ai/conversations/${aliceConversation}`, token: alice.token });
    expect(again.data.code).toBe('NOT_FOUND');
    expect((await t.call({ method: 'GET', url: '/api/ai/conversations', token: alice.token })).data.total).toBe(3);
  });

  it("treats someone else's conversation as missing: no read, no continue, no delete", async () => {
    const { meta } = await askStream(alice, { message: 'How do I bind my referrer?' });
    const id = meta!.conversation_id;
    const read = await t.call({ method: 'GET', url: `/api/ai/conversations/${id}`, token: bob.token, headers: { 'accept-language': 'en-us' } });
    expect(read).toMatchObject({ status: 400, msg: 'Not found', data: { code: 'NOT_FOUND' } });
    const cont = await ask(bob, { conversation_id: id, message: 'hello' });
    expect(cont.headers['content-type']).toMatch(/json/);
    expect(cont.json()).toMatchObject({ status: 400, data: { code: 'NOT_FOUND' } });
    const del = await t.call({ method: 'DELETE', url: `/api/ai/conversations/${id}`, token: bob.token });
    expect(del.data.code).toBe('NOT_FOUND');
    const still = await t.call({ method: 'GET', url: `/api/ai/conversations/${id}`, token: alice.token });
    expect(still.data.messages).toHaveLength(2);
  });

  it('refuses bad input with a localized Parameter error and stores nothing', async () => {
    const before = (await t.call({ method: 'GET', url: '/api/ai/conversations', token: bob.token })).data.total;
    const cases: unknown[] = [
      {},
      { message: '' },
      { message: '   ' },
      { message: 'x'.repeat(AI_MESSAGE_MAX + 1) },
      { message: 42 },
      { message: ['a'] },
      { message: 'hi', conversation_id: 'abc' },
      { message: 'hi', conversation_id: -1 },
      { message: 'hi', conversation_id: 1.5 },
    ];
    for (const payload of cases) {
      const res = await ask(bob, payload, 'zh-tw');
      expect(res.json(), JSON.stringify(payload)).toMatchObject({ status: 400, msg: '參數錯誤', data: { code: 'PARAMETER_ERROR' } });
    }
    const unknown = await ask(bob, { message: 'hi', conversation_id: 999_999 });
    expect(unknown.json().data.code).toBe('NOT_FOUND');
    expect((await t.call({ method: 'GET', url: '/api/ai/conversations', token: bob.token })).data.total).toBe(before);
    const malformedJson = await t.app.inject({
      method: 'POST',
      url: '/api/ai/chat',
      headers: { authorization: `Bearer ${bob.token}`, 'content-type': 'application/json' },
      payload: '{"message":',
    });
    expect(malformedJson.json().data.code).toBe('PARAMETER_ERROR');
    const badId = await t.call({ method: 'GET', url: '/api/ai/conversations/abc', token: bob.token });
    expect(badId.data.code).toBe('PARAMETER_ERROR');
  });

  it('needs sign-in', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/ai/chat', payload: { message: 'hi' } });
    expect(res.statusCode).toBe(401);
    expect(res.json().status).toBe(410000);
    expect((await t.call({ method: 'GET', url: '/api/ai/conversations' })).status).toBe(410000);
  });

  it('answers one question at a time per user', async () => {
    const carol = await t.signIn();
    const [a, b] = await Promise.all([ask(carol, { message: 'What is RUSD?' }), ask(carol, { message: 'What is RUSD?' })]);
    const refused = [a, b].filter((r) => r.headers['content-type']?.toString().includes('json'));
    expect(refused).toHaveLength(1);
    expect(refused[0]!.json()).toMatchObject({
      status: 400,
      msg: 'The assistant is still answering your previous question',
      data: { code: 'AI_REPLY_IN_PROGRESS' },
    });
    const after = await askStream(carol, { message: 'What is RUSD?' });
    expect(after.last.event).toBe('done');
  });

  it(`limits a user to ${AI_MESSAGES_PER_MINUTE} questions a minute with 'Do not operate frequently'`, async () => {
    const dave = await t.signIn();
    for (let i = 0; i < AI_MESSAGES_PER_MINUTE; i++) {
      const { last } = await askStream(dave, { message: `question ${i} about airdrops` });
      expect(last.event).toBe('done');
    }
    const limited = await ask(dave, { message: 'one more about airdrops' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ status: 429, msg: 'Do not operate frequently', data: { code: 'TOO_FREQUENT' } });
    const others = await askStream(bob, { message: 'How do I claim an airdrop?' });
    expect(others.meta!.sources[0]!.id).toBe('airdrops');
  });
});
