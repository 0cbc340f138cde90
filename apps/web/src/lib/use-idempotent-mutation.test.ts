import { beforeAll, describe, expect, it, vi } from 'vitest';

// The API client reads localStorage and location when its module loads: give it a minimal window first.
vi.stubGlobal('window', {
  localStorage: { getItem: () => null, setItem: () => undefined, removeItem: () => undefined },
  location: { hash: '' },
  addEventListener: () => undefined,
});

let mutation: typeof import('./use-idempotent-mutation');
let client: typeof import('./api-client');
let idempotency: typeof import('./idempotency');

beforeAll(async () => {
  mutation = await import('./use-idempotent-mutation');
  client = await import('./api-client');
  idempotency = await import('./idempotency');
});

function counterKeeper() {
  let n = 0;
  return idempotency.createIdempotencyKeeper(() => `key-${++n}`);
}

interface Transfer {
  address: string;
  amount: string;
  password?: string;
}

function recorder(intents: (Transfer | null)[], outcomes: (unknown | 'ok')[]) {
  const sent: { intent: Transfer; key: string }[] = [];
  const events: string[] = [];
  let call = 0;
  let asked = 0;
  const options: import('./use-idempotent-mutation').IdempotentMutationOptions<Transfer, string> = {
    intent: () => intents[asked++] ?? null,
    fingerprint: ({ address, amount }) => ({ address, amount }),
    send: async (intent, key) => {
      sent.push({ intent, key });
      const outcome = outcomes[call++];
      if (outcome !== 'ok') throw outcome;
      return `done-${call}`;
    },
    onSuccess: (result) => events.push(`success ${result}`),
    onError: (_error, outcome) => events.push(`error ${outcome}`),
  };
  return { sent, events, options };
}

describe('runIdempotentMutation', () => {
  it('sends nothing and spends no key when the form refuses the intent', async () => {
    const keeper = counterKeeper();
    const { sent, events, options } = recorder([null, { address: 'a', amount: '1' }], ['ok']);
    await mutation.runIdempotentMutation(keeper, options);
    expect(sent).toEqual([]);
    await mutation.runIdempotentMutation(keeper, options);
    expect(sent.map((s) => s.key)).toEqual(['key-1']);
    expect(events).toEqual(['success done-1']);
  });

  it('retries the same intent under the same key after no answer', async () => {
    const intent = { address: 'a', amount: '1' };
    const { sent, events, options } = recorder([intent, intent], [new client.TransportError('offline', false), 'ok']);
    const keeper = counterKeeper();
    await mutation.runIdempotentMutation(keeper, options);
    await mutation.runIdempotentMutation(keeper, options);
    expect(sent.map((s) => s.key)).toEqual(['key-1', 'key-1']);
    expect(events).toEqual(['error unknown', 'success done-2']);
  });

  it('takes a new key once the inputs change, or once the server answered', async () => {
    const { sent, events, options } = recorder(
      [
        { address: 'a', amount: '1' },
        { address: 'a', amount: '2' },
        { address: 'a', amount: '2' },
        { address: 'a', amount: '2' },
      ],
      [new client.TransportError('offline', false), new client.ApiError('INSUFFICIENT_BALANCE', 'short', 400), 'ok', 'ok'],
    );
    const keeper = counterKeeper();
    for (let i = 0; i < 4; i++) await mutation.runIdempotentMutation(keeper, options);
    expect(sent.map((s) => s.key)).toEqual(['key-1', 'key-2', 'key-3', 'key-4']);
    expect(events).toEqual(['error unknown', 'error answered', 'success done-3', 'success done-4']);
  });

  it('plays the same bet again under a new key once answered, and a spin whose answer was lost under its own key', async () => {
    const bet = { address: 'slot', amount: '1' };
    const { sent, events, options } = recorder([bet, bet, bet], ['ok', new client.TransportError('offline', false), 'ok']);
    const keeper = counterKeeper();
    for (let i = 0; i < 3; i++) await mutation.runIdempotentMutation(keeper, options);
    expect(sent.map((s) => s.key)).toEqual(['key-1', 'key-2', 'key-2']);
    expect(events).toEqual(['success done-1', 'error unknown', 'success done-3']);
  });

  it('leaves out of the key what the fingerprint leaves out (a password)', async () => {
    const { sent, options } = recorder(
      [
        { address: 'a', amount: '1', password: '111111' },
        { address: 'a', amount: '1', password: '222222' },
      ],
      [new client.TransportError('offline', false), 'ok'],
    );
    const keeper = counterKeeper();
    await mutation.runIdempotentMutation(keeper, options);
    await mutation.runIdempotentMutation(keeper, options);
    expect(sent.map((s) => [s.key, s.intent.password])).toEqual([
      ['key-1', '111111'],
      ['key-1', '222222'],
    ]);
  });

  it('fingerprints the whole intent when no fingerprint is given', async () => {
    const keeper = counterKeeper();
    const keys: string[] = [];
    const intents = [{ amount: '1' }, { amount: '1' }, { amount: '3' }];
    let i = 0;
    const options = {
      intent: () => intents[i++]!,
      send: async (_intent: { amount: string }, key: string) => {
        keys.push(key);
        throw new Error('network');
      },
      onSuccess: () => undefined,
      onError: () => undefined,
    };
    for (let n = 0; n < 3; n++) await mutation.runIdempotentMutation(keeper, options);
    expect(keys).toEqual(['key-1', 'key-1', 'key-2']);
  });
});
