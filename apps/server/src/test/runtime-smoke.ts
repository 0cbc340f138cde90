/**
 * What can differ between Node runtimes, checked against the built server running on one (decision 099, after
 * 038): the server is started by scripts/runtime-compat.mjs with the Node under test; these checks talk to it over
 * HTTP and a WebSocket, as a browser does. Each check is one counted result in CI's `N passed, N failed`:
 *
 * - sign-in: an EIP-4361 message signed with a real secp256k1 key, verified by the server (viem, node:crypto);
 * - money: an operator credit and a user's transfer with a transaction password (scrypt) and an Idempotency-Key,
 *   replayed once, both balances exact — every statement through the PGlite worker thread (decision 040);
 * - socket: the chat socket's `ready`, a ping answered, and a friend request made over HTTP pushed to it;
 * - uploads: a PNG stored and served by file-type's verdict, and the archive that made file-type throw on Node 24
 *   refused as "not an image" rather than failing the request (decision 038).
 */
import { randomUUID } from 'node:crypto';
import type { PrivateKeyAccount } from 'viem/accounts';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { createSiweMessage } from 'viem/siwe';
import { multipart, png, zipWithSkewedDescriptor } from '../modules/uploads/upload-fixtures.js';
import { TestSocket, socketUrl } from './socket-client.js';

export interface SmokeCheck {
  name: string;
  run: () => Promise<void>;
}

interface Envelope {
  status: number;
  msg: string;
  data: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- the smoke reads arbitrary envelopes
}

const PASSWORD = '246810';

/** The checks against a server at `origin` whose ADMIN_ADDRESSES holds `admin`'s address, in the order they must run. */
export function runtimeSmoke(origin: string, admin: PrivateKeyAccount): SmokeCheck[] {
  const host = new URL(origin).host;

  async function call(method: 'GET' | 'POST', path: string, options: { token?: string; body?: unknown; headers?: Record<string, string> } = {}) {
    const response = await fetch(`${origin}${path}`, {
      method,
      headers: {
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...options.headers,
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const envelope = (await response.json()) as Envelope;
    return { http: response.status, ...envelope };
  }

  async function ok(method: 'GET' | 'POST', path: string, options: Parameters<typeof call>[2] = {}) {
    const res = await call(method, path, options);
    if (res.http !== 200 || res.status !== 200)
      throw new Error(`${method} ${path}: HTTP ${res.http}, status ${res.status} "${res.msg}" ${JSON.stringify(res.data)}`);
    return res.data;
  }

  async function signIn(wallet: PrivateKeyAccount) {
    const { nonce } = await ok('GET', '/api/login/nonce');
    const msg = createSiweMessage({
      address: wallet.address,
      domain: host,
      uri: origin,
      chainId: 56,
      version: '1',
      nonce,
      statement: 'Sign in to Reef.',
      issuedAt: new Date(),
    });
    const sign = await wallet.signMessage({ message: msg });
    const { token } = await ok('POST', '/api/login', { body: { sign, account: wallet.address, msg } });
    const info = await ok('GET', '/api/user/info', { token });
    if (info.account.toLowerCase() !== wallet.address.toLowerCase()) throw new Error(`signed in as ${info.account}, not ${wallet.address}`);
    return { token: token as string, uid: info.uid as number };
  }

  async function usdt(token: string): Promise<string> {
    const info = await ok('GET', '/api/user/info', { token });
    return (info.balances as { key: string; amount: string }[]).find((b) => b.key === 'usdt')?.amount ?? 'none';
  }

  const expectEqual = (what: string, actual: unknown, expected: unknown) => {
    if (actual !== expected) throw new Error(`${what}: ${JSON.stringify(actual)}, expected ${JSON.stringify(expected)}`);
  };

  let operator: { token: string; uid: number };
  let alice: { token: string; uid: number };
  let bob: { token: string; uid: number };

  return [
    {
      name: 'signs in an operator and two users with real signatures',
      run: async () => {
        operator = await signIn(admin);
        alice = await signIn(privateKeyToAccount(generatePrivateKey()));
        bob = await signIn(privateKeyToAccount(generatePrivateKey()));
      },
    },
    {
      name: 'credits, transfers with the transaction password and replays the transfer by its key',
      run: async () => {
        await ok('POST', '/api/admin/ledger/adjust', { token: operator.token, body: { uid: alice.uid, asset: 'usdt', amount: '100', memo: 'runtime smoke' } });
        await ok('POST', '/api/user/password', { token: alice.token, body: { password: PASSWORD, confirm: PASSWORD } });
        const key = randomUUID();
        const transfer = {
          token: alice.token,
          headers: { 'idempotency-key': key },
          body: { to: String(bob.uid), amount: '12.5', asset: 'usdt', password: PASSWORD },
        };
        const first = await ok('POST', '/api/finance/other/trade', transfer);
        const again = await ok('POST', '/api/finance/other/trade', transfer);
        expectEqual('the replay’s entry', again.entry_id, first.entry_id);
        expectEqual('Alice’s USDT', await usdt(alice.token), '87.50000000');
        expectEqual('Bob’s USDT', await usdt(bob.token), '12.50000000');
      },
    },
    {
      name: 'opens the chat socket, answers a ping and pushes a friend request made over HTTP',
      run: async () => {
        const socket = await TestSocket.ready(socketUrl(origin, { type: 'user', token: bob.token }));
        try {
          const ready = socket.frames.find((frame) => frame.type === 'ready');
          expectEqual('ready’s uid', ready?.type === 'ready' ? ready.data.uid : null, bob.uid);
          socket.send({ type: 'ping', data: {} });
          await socket.next('pong');
          await ok('POST', '/api/chat/friend-requests', { token: alice.token, body: { uid: bob.uid, note: 'runtime smoke' } });
          await socket.next('friend_request', () => true, 15_000);
        } finally {
          await socket.close();
        }
      },
    },
    {
      name: 'stores and serves a PNG, refuses the archive that made file-type throw on Node 24',
      run: async () => {
        const upload = async (data: Buffer) => {
          const { payload, contentType } = multipart([{ name: 'file', filename: 'picture.png', contentType: 'image/png', data }]);
          const response = await fetch(`${origin}/api/upload`, {
            method: 'POST',
            headers: { authorization: `Bearer ${alice.token}`, 'content-type': contentType },
            body: new Uint8Array(payload),
          });
          return { http: response.status, ...((await response.json()) as Envelope) };
        };
        const stored = await upload(png());
        if (stored.status !== 200 || typeof stored.data !== 'string') throw new Error(`the PNG: HTTP ${stored.http}, status ${stored.status} "${stored.msg}"`);
        const served = await fetch(new URL(stored.data, origin));
        expectEqual('the stored PNG’s type', served.headers.get('content-type'), 'image/png');
        const refused = await upload(zipWithSkewedDescriptor());
        if (refused.http >= 500) throw new Error(`the archive failed the request: HTTP ${refused.http} "${refused.msg}"`);
        expectEqual('the archive’s refusal', JSON.stringify(refused.data), '{"code":"UPLOAD_NOT_IMAGE"}');
      },
    },
  ];
}
