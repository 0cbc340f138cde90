/**
 * The server as an operator runs it: a real process on the embedded database. A second process on the
 * same data directory is refused with a clear message; SIGTERM closes the database and frees the
 * directory; data survives a restart.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { createSiweMessage } from 'viem/siwe';

const serverEntry = path.resolve(import.meta.dirname, 'server.ts');

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary envelopes
type Envelope = { status: number; msg: string; data: any };
const envelope = async (response: Response) => (await response.json()) as Envelope;
const children: ChildProcess[] = [];

function start(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', PUBLIC_ORIGINS: 'http://reef.test', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const listening = new Promise<string>((resolve, reject) => {
    const timer = setInterval(() => {
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match) {
        clearInterval(timer);
        resolve(match[1]!);
      }
    }, 50);
    void exited.then(() => {
      clearInterval(timer);
      reject(new Error(`server exited: ${output}`));
    });
  });
  listening.catch(() => undefined); // awaited only by tests that expect the server to come up
  return { child, listening, exited, output: () => output };
}

afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
});

describe('the server process on the embedded database', () => {
  it('owns its data directory, shuts down cleanly, and keeps data across restarts', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reef-server-'));
    const first = start({ DATA_DIR: dataDir });
    const url = await first.listening;
    const wallet = privateKeyToAccount(generatePrivateKey());
    const { data: nonce } = await envelope(await fetch(`${url}/api/login/nonce`));
    const msg = createSiweMessage({
      address: wallet.address,
      domain: 'reef.test',
      uri: 'http://reef.test',
      chainId: 56,
      version: '1',
      nonce: nonce.nonce,
      issuedAt: new Date(),
    });
    const login = await envelope(
      await fetch(`${url}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ sign: await wallet.signMessage({ message: msg }), account: wallet.address, msg }),
      }),
    );
    expect(login.status).toBe(200);
    const userInfo = async (base: string) => envelope(await fetch(`${base}/api/user/info`, { headers: { authorization: `Bearer ${login.data.token}` } }));
    const before = await userInfo(url);

    const second = start({ DATA_DIR: dataDir });
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(/is in use by another Reef server/);

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'reef.lock'))).toBe(false);

    const third = start({ DATA_DIR: dataDir });
    const url3 = await third.listening;
    // The user and the session written before the restart are still there.
    const after = await userInfo(url3);
    expect(after.status).toBe(200);
    expect(after.data.uid).toBe(before.data.uid);
    expect(after.data.account).toBe(wallet.address);
    third.child.kill('SIGINT');
    expect(await third.exited).toBe(0);
  });

  it('refuses to start on a bad variable, naming it', async () => {
    const bad = start({ TRANSFER_FEE_RATE: 'lots', DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'reef-server-')) });
    expect(await bad.exited).toBe(1);
    expect(bad.output()).toMatch(/TRANSFER_FEE_RATE/);
  });
});
