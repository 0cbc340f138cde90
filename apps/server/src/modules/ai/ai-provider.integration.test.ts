/**
 * The provider path against a small OpenAI-compatible server started on loopback: it records each request
 * and answers in the real chat-completions stream format (`data: {chunk}` lines and `data: [DONE]`).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createParser } from 'eventsource-parser';
import { aiApi, type StreamEvent } from '@reef/contract';
import { createTestApp, databaseKinds, type SignedInUser, type TestApp } from '../../test/harness.js';
import { answerText, parseEvents } from './sse-test-client.js';

type Mode = 'answer' | 'fail' | 'stall' | 'slow' | 'cut';

interface ReceivedRequest {
  url: string;
  headers: http.IncomingHttpHeaders;
  body: { model: string; stream: boolean; messages: { role: string; content: string }[] };
}

const ANSWER_PIECES = ['Withdrawals ', 'are reviewed ', 'by an operator. ', 'See [Withdrawing to your wallet](#/pages/article/details?id=withdrawal).'];

function chunk(content: string | null, finish: string | null = null) {
  const delta = content === null ? {} : { content };
  return `data: ${JSON.stringify({ id: 'chatcmpl-test', object: 'chat.completion.chunk', created: 1, model: 'test-model', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
}

async function startFakeProvider() {
  const state = { mode: 'answer' as Mode, requests: [] as ReceivedRequest[], clientWentAway: false };
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      state.requests.push({ url: req.url ?? '', headers: req.headers, body: JSON.parse(raw) as ReceivedRequest['body'] });
      res.on('close', () => {
        if (!res.writableFinished) state.clientWentAway = true;
      });
      if (state.mode === 'fail') {
        res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":{"message":"boom"}}');
        return;
      }
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      if (state.mode === 'stall') return;
      res.write(
        `data: ${JSON.stringify({ id: 'chatcmpl-test', object: 'chat.completion.chunk', created: 1, model: 'test-model', choices: [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }] })}\n\n`,
      );
      if (state.mode === 'slow') {
        let i = 0;
        const timer = setInterval(() => {
          if (res.destroyed) return clearInterval(timer);
          res.write(chunk(`part${i++} `));
        }, 50);
        res.on('close', () => clearInterval(timer));
        return;
      }
      // Split one event across two writes, as networks do.
      const first = chunk(ANSWER_PIECES[0]!);
      res.write(first.slice(0, 20));
      res.write(first.slice(20));
      for (const piece of ANSWER_PIECES.slice(1)) res.write(chunk(piece));
      if (state.mode === 'cut') return res.end();
      res.write(chunk(null, 'stop'));
      res.end('data: [DONE]\n\n');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    state,
    baseUrl: `http://127.0.0.1:${port}/v1`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.each(databaseKinds)('AI chat with an OpenAI-compatible provider, on %s', (kind) => {
  let provider: Awaited<ReturnType<typeof startFakeProvider>>;
  let t: TestApp;
  let alice: SignedInUser;
  beforeAll(async () => {
    provider = await startFakeProvider();
    t = await createTestApp(kind, { AI_BASE_URL: `${provider.baseUrl}/`, AI_API_KEY: 'sk-test-secret-key', AI_MODEL: 'test-model', AI_TIMEOUT_SECONDS: '1' });
    alice = await t.signIn();
  });
  afterAll(async () => {
    await t.close();
    await provider.close();
  });
  beforeEach(() => {
    provider.state.mode = 'answer';
    provider.state.requests = [];
    provider.state.clientWentAway = false;
  });

  const ask = async (payload: Record<string, unknown>, language = 'en-us') => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/ai/chat',
      headers: { authorization: `Bearer ${alice.token}`, 'accept-language': language },
      payload,
    });
    expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
    const events = parseEvents(res.body);
    return { events, text: answerText(events), meta: events[0]!.event === 'meta' ? events[0]!.data : null, last: events.at(-1)! };
  };
  const conversation = async (id: number) => (await t.call({ method: 'GET', url: `/api/ai/conversations/${id}`, token: alice.token })).data;

  let conversationId: number;

  it('sends the model, the grounding passages and the question, with the key as bearer token, and streams the answer', async () => {
    const { events, text, meta, last } = await ask({ message: 'How long does a withdrawal review take?' }, 'zh-TW');
    expect(provider.state.requests).toHaveLength(1);
    const request = provider.state.requests[0]!;
    expect(request.url).toBe('/v1/chat/completions');
    expect(request.headers.authorization).toBe('Bearer sk-test-secret-key');
    expect(request.body.model).toBe('test-model');
    expect(request.body.stream).toBe(true);
    const [system, user] = request.body.messages;
    expect(system!.role).toBe('system');
    expect(system!.content).toContain('Always answer in Traditional Chinese');
    expect(system!.content).toContain('(link: #/pages/article/details?id=withdrawal)');
    // An English question is grounded on the English help even with the Chinese interface; the answer language stays Chinese.
    expect(system!.content).toContain('An operator reviews each withdrawal');
    expect(user).toEqual({ role: 'user', content: 'How long does a withdrawal review take?' });

    expect(events.filter((e) => e.event === 'delta').map((e) => (e as Extract<StreamEvent, { event: 'delta' }>).data.text)).toEqual(ANSWER_PIECES);
    expect(text).toBe(ANSWER_PIECES.join(''));
    expect(meta!.sources.map((s) => s.id)).toContain('withdrawal');
    expect(last).toEqual({ event: 'done', data: { message_id: meta!.message_id, status: 'complete' } });
    conversationId = meta!.conversation_id;
    const stored = await conversation(conversationId);
    expect(stored.messages[1]).toMatchObject({ role: 'assistant', status: 'complete', content: ANSWER_PIECES.join('') });
  });

  it('sends the earlier messages when a conversation continues', async () => {
    await ask({ conversation_id: conversationId, message: 'And the fee?' });
    const messages = provider.state.requests[0]!.body.messages;
    expect(messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(messages[1]!.content).toBe('How long does a withdrawal review take?');
    expect(messages[2]!.content).toBe(ANSWER_PIECES.join(''));
    expect(messages[3]!.content).toBe('And the fee?');
  });

  it('turns an upstream 500 into a localized error event and keeps the answer as failed', async () => {
    provider.state.mode = 'fail';
    const { events, meta, last } = await ask({ message: 'How do I recharge?' }, 'de-de');
    expect(events.some((e) => e.event === 'delta')).toBe(false);
    expect(last).toEqual({
      event: 'error',
      data: { message_id: meta!.message_id, code: 'AI_UPSTREAM_FAILED', msg: 'Der Assistent kann gerade nicht antworten, bitte versuchen Sie es erneut' },
    });
    const stored = await conversation(meta!.conversation_id);
    expect(stored.messages[1]).toMatchObject({ status: 'failed', content: '' });
  });

  it('treats a stream that ends without [DONE] as failed, keeping what arrived', async () => {
    provider.state.mode = 'cut';
    const { text, last, meta } = await ask({ message: 'How do I recharge?' });
    expect(text).toBe(ANSWER_PIECES.join(''));
    expect(last.event).toBe('error');
    expect((await conversation(meta!.conversation_id)).messages[1]).toMatchObject({ status: 'failed', content: ANSWER_PIECES.join('') });
  });

  it('gives up on a silent provider after AI_TIMEOUT_SECONDS with a time-out error', async () => {
    provider.state.mode = 'stall';
    const started = Date.now();
    const { last } = await ask({ message: 'How do I recharge?' });
    expect(Date.now() - started).toBeLessThan(5000);
    expect(last).toMatchObject({ event: 'error', data: { code: 'AI_UPSTREAM_TIMEOUT', msg: 'The assistant took too long to answer, please try again' } });
  });

  it('stops mid-stream when the client goes away: the provider request is cancelled and the partial answer kept as stopped', async () => {
    provider.state.mode = 'slow';
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const controller = new AbortController();
    const response = await fetch(`http://127.0.0.1:${port}/api/ai/chat`, {
      method: 'POST',
      headers: { authorization: `Bearer ${alice.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ message: 'Tell me about transfers' }),
      signal: controller.signal,
    });
    const events: StreamEvent[] = [];
    const parser = createParser({ onEvent: (e) => events.push(aiApi.parseStreamEvent(e.event, e.data)!) });
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    while (events.filter((e) => e.event === 'delta').length < 3) {
      const { value, done } = await reader.read();
      if (done) throw new Error('stream ended early');
      parser.feed(decoder.decode(value, { stream: true }));
    }
    controller.abort();
    const meta = events[0]!.event === 'meta' ? events[0]!.data : null;

    let stored: { messages: { status: string; content: string }[] } = { messages: [] };
    for (let i = 0; i < 100 && stored.messages[1]?.status !== 'stopped'; i++) {
      await new Promise((r) => setTimeout(r, 50));
      stored = await conversation(meta!.conversation_id);
    }
    expect(stored.messages[1]!.status).toBe('stopped');
    expect(stored.messages[1]!.content).toMatch(/^part0 part1 part2 /);
    expect(provider.state.clientWentAway).toBe(true);
    // A stopped answer frees the user for the next question at once.
    provider.state.mode = 'answer';
    expect((await ask({ message: 'How do I recharge?' })).last.event).toBe('done');
  });
});
