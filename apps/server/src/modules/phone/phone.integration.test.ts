/**
 * Phone sign-in through the real app against a loopback fake of the SMS gateway (decision 076): a code works once,
 * five wrong entries lock it, a resend within 60 s is refused, codes live 10 minutes, budgets per number and per
 * address hold, and production without a gateway answers 'Not Supported'.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configureClock } from '../../core/clock.js';
import { createTestApp, databaseKinds, withTestApp, type SignedInUser, type TestApp } from '../../test/harness.js';
import { startSmsFake, type SmsFake } from '../../test/sms-fake.js';
import { createSmsSender } from './sms-sender.js';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

let fake: SmsFake;
beforeAll(async () => {
  fake = await startSmsFake();
});
afterAll(async () => {
  await fake.close();
  configureClock({ adjustable: false });
});

let serial = 0;
/** A number no other test uses (Taiwan mobile format). */
const newPhone = () => `+8869${String(process.pid % 100).padStart(2, '0')}${String(++serial).padStart(6, '0')}`;
const newIp = () => `10.${randomBytes(3).join('.')}`;

describe('the development sender', () => {
  it('writes the code to the log instead of sending it; production without a gateway has no sender', async () => {
    const lines: string[] = [];
    const sender = createSmsSender({ provider: null, logCodes: true, perPhonePerDay: 1, perIpPerHour: 1 }, (line) => lines.push(line));
    await sender!.send('+886912345678', 'code 123456');
    expect(lines).toEqual(['development SMS to +886912345678: code 123456']);
    expect(createSmsSender({ provider: null, logCodes: false, perPhonePerDay: 1, perIpPerHour: 1 }, () => {})).toBeNull();
  });
});

describe.each(databaseKinds)('phone sign-in in production without a gateway (%s)', (kind) => {
  let t: TestApp;
  withTestApp({ kind, env: { NODE_ENV: 'production' } }, async (app) => {
    t = app;
  });

  it("answers 'Not Supported' in the caller's language", async () => {
    const res = await t.call({ method: 'POST', url: '/api/register', payload: { phone: newPhone() }, headers: { 'accept-language': 'en-us' } });
    expect(res).toMatchObject({ status: 400, msg: 'Not Supported', data: { code: 'SMS_NOT_SUPPORTED' } });
  });
});

describe.each(databaseKinds)('phone sign-in with a gateway (%s)', (kind) => {
  let t: TestApp;
  let alice: SignedInUser;
  /** Wallet sign-ins happen before the clock moves (a signed message is dated in real time). */
  const pool: SignedInUser[] = [];
  const nextUser = () => {
    const user = pool.pop();
    if (!user) throw new Error('the pool of signed-in users is empty');
    return user;
  };
  beforeAll(async () => {
    t = await createTestApp(kind, {
      SMS_PROVIDER_URL: fake.url,
      SMS_PROVIDER_TOKEN: fake.token,
      SMS_PER_PHONE_PER_DAY: '4',
      SMS_PER_IP_PER_HOUR: '5',
      CLOCK_ADJUSTABLE: 'true',
    });
    alice = await t.signIn();
    for (let i = 0; i < 10; i++) pool.push(await t.signIn());
  });
  afterAll(async () => {
    await t?.close();
    // The next suite signs its wallets in at real time.
    configureClock({ adjustable: false });
  });

  /** Each call from its own address unless one is given, so the per-address budget is tested on its own. */
  const call = async (url: string, payload: object, options: { token?: string; ip?: string; language?: string } = {}) => {
    const response = await t.app.inject({
      method: 'POST',
      url,
      payload,
      remoteAddress: options.ip ?? newIp(),
      headers: { ...(options.token ? { authorization: `Bearer ${options.token}` } : {}), 'accept-language': options.language ?? 'en-us' },
    });
    const body = response.json();
    return { http: response.statusCode, status: body.status, msg: body.msg, data: body.data };
  };
  const sendBind = (phone: string, user: SignedInUser, ip?: string) => call('/api/register', { phone, purpose: 'bind' }, { token: user.token, ip });
  const sendLogin = (phone: string, ip?: string) => call('/api/register', { phone, purpose: 'login' }, { ip });
  const verify = (phone: string, code: string, user: SignedInUser) => call('/api/register/verify', { phone, code }, { token: user.token });
  const login = (phone: string, code: string) => call('/api/login/mobile', { phone, code });
  const advance = (ms: number) => t.call({ method: 'POST', url: '/api/test/clock', token: t.admin.token, payload: { advance_ms: ms } });
  const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  /** A signed-in user with `phone` bound. */
  const withPhone = async (phone: string) => {
    const user = nextUser();
    expect((await sendBind(phone, user)).status).toBe(200);
    expect((await verify(phone, fake.lastCode(phone), user)).status).toBe(200);
    return user;
  };

  it('binds a verified phone to the signed-in wallet account, with a code that works once', async () => {
    const phone = newPhone();
    const sent = await sendBind(phone, alice);
    expect(sent).toMatchObject({ status: 200, data: { resend_after_seconds: 60, expires_in_seconds: 600 } });
    const message = fake.messages.at(-1)!;
    expect(message.to).toBe(phone);
    expect(message.text).toMatch(/^Reef: your verification code is \d{6}\./);
    const code = fake.lastCode(phone);

    const bound = await verify(phone, code, alice);
    expect(bound).toMatchObject({ status: 200, data: { phone: `${phone.slice(0, 4)}******${phone.slice(-3)}` } });
    expect(await verify(phone, code, alice)).toMatchObject({ status: 400, data: { code: 'PHONE_CODE_INVALID' } });
    const mine = await t.call({ method: 'GET', url: '/api/user/phone', token: alice.token });
    expect(mine.data.phone).toBe(bound.data.phone);
    const events = rowsOf<{ user_id: number }>(await t.database.db.execute(sql`select user_id from business_events where type = 'phone.bound'`));
    expect(events).toContainEqual(expect.objectContaining({ user_id: alice.uid }));
  });

  it('keeps only a salted hash of the code', async () => {
    const phone = newPhone();
    await sendBind(phone, alice);
    const code = fake.lastCode(phone);
    const rows = rowsOf<Record<string, unknown>>(await t.database.db.execute(sql`select * from phone_codes where phone = ${phone}`));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.code_hash).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Object.values(rows[0]!).map(String)).not.toContain(code);
  });

  it('signs in with phone and code to the account that has the phone bound; the code works once', async () => {
    const phone = newPhone();
    const owner = await withPhone(phone);
    await advance(60_000);
    expect((await sendLogin(phone)).status).toBe(200);
    const code = fake.lastCode(phone);
    const signedIn = await login(phone, code);
    expect(signedIn.status).toBe(200);
    const info = await t.call({ method: 'GET', url: '/api/user/info', token: signedIn.data.token });
    expect(info.data.uid).toBe(owner.uid);
    expect(signedIn.data.account).toBe(owner.account.toLowerCase());
    expect(await login(phone, code)).toMatchObject({ status: 400, data: { code: 'PHONE_CODE_INVALID' } });
  });

  it('lets exactly one of two simultaneous sign-ins with the same code through', async () => {
    const phone = newPhone();
    await withPhone(phone);
    await advance(60_000);
    await sendLogin(phone);
    const code = fake.lastCode(phone);
    const results = await Promise.all([login(phone, code), login(phone, code), login(phone, code)]);
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.data?.code === 'PHONE_CODE_INVALID')).toHaveLength(2);
  });

  it('locks a code after five wrong entries, even against the right one', async () => {
    const phone = newPhone();
    await withPhone(phone);
    await advance(60_000);
    await sendLogin(phone);
    const code = fake.lastCode(phone);
    for (let i = 0; i < 5; i++) expect((await login(phone, wrong(code))).data.code).toBe('PHONE_CODE_INVALID');
    expect(await login(phone, code)).toMatchObject({ status: 400, msg: 'Too many wrong codes, please request a new one', data: { code: 'PHONE_CODE_LOCKED' } });
    // A new code (after the interval) starts again.
    await advance(60_000);
    await sendLogin(phone);
    expect((await login(phone, fake.lastCode(phone))).status).toBe(200);
  });

  it('refuses a resend before 60 s and sends one after', async () => {
    const phone = newPhone();
    expect((await sendBind(phone, alice)).status).toBe(200);
    const first = fake.lastCode(phone);
    const count = fake.messages.length;
    expect(await sendBind(phone, alice)).toMatchObject({ status: 400, data: { code: 'PHONE_CODE_TOO_SOON' } });
    await advance(59_000);
    expect((await sendBind(phone, alice)).data.code).toBe('PHONE_CODE_TOO_SOON');
    expect(fake.messages).toHaveLength(count);
    await advance(1_000);
    expect((await sendBind(phone, alice)).status).toBe(200);
    expect(fake.messages).toHaveLength(count + 1);
    // The new code replaced the old one.
    const second = fake.lastCode(phone);
    if (second !== first) expect((await verify(phone, first, alice)).data.code).toBe('PHONE_CODE_INVALID');
  });

  it('lets a code live 10 minutes', async () => {
    const phone = newPhone();
    const user = nextUser();
    await sendBind(phone, user);
    await advance(600_000);
    expect((await verify(phone, fake.lastCode(phone), user)).data.code).toBe('PHONE_CODE_EXPIRED');
  });

  it('sends no code for a number no account has, with the same answer', async () => {
    const phone = newPhone();
    const count = fake.messages.length;
    expect(await sendLogin(phone)).toMatchObject({ status: 200, data: { resend_after_seconds: 60 } });
    expect(fake.messages).toHaveLength(count);
    expect((await login(phone, '000000')).data.code).toBe('PHONE_CODE_INVALID');
  });

  it("refuses a number bound to someone else, and another account's bind code", async () => {
    const phone = newPhone();
    await withPhone(phone);
    const bob = nextUser();
    expect((await sendBind(phone, bob)).data.code).toBe('PHONE_TAKEN');

    const other = newPhone();
    await sendBind(other, alice);
    expect((await verify(other, fake.lastCode(other), bob)).data.code).toBe('PHONE_CODE_INVALID');
    expect((await call('/api/register', { phone: other, purpose: 'bind' })).http).toBe(401);
  });

  it('holds the budget per number and per address', async () => {
    const phone = newPhone();
    await withPhone(phone); // one send
    for (let i = 0; i < 3; i++) {
      await advance(60_000);
      expect((await sendLogin(phone)).status).toBe(200);
    }
    await advance(60_000);
    expect((await sendLogin(phone)).data.code).toBe('PHONE_SEND_LIMIT');

    const ip = newIp();
    for (let i = 0; i < 5; i++) expect((await sendLogin(newPhone(), ip)).status).toBe(200);
    expect((await sendLogin(newPhone(), ip)).data.code).toBe('PHONE_SEND_LIMIT');
  });

  it('says the gateway is unavailable and lets the caller ask again at once', async () => {
    const phone = newPhone();
    fake.fail(true);
    try {
      expect((await sendBind(phone, alice)).data.code).toBe('SMS_UNAVAILABLE');
    } finally {
      fake.fail(false);
    }
    expect((await sendBind(phone, alice)).status).toBe(200);
  });

  it('writes the message in the caller language and refuses malformed numbers and codes', async () => {
    const phone = newPhone();
    await call('/api/register', { phone, purpose: 'bind' }, { token: alice.token, language: 'ru-ru' });
    expect(fake.messages.at(-1)!.text).toMatch(/^Reef: ваш код подтверждения \d{6}/);
    for (const bad of ['12345', '+0123456789', 'phone', '+8869<script>']) {
      expect((await sendLogin(bad)).data.code).toBe('PARAMETER_ERROR');
    }
    for (const code of ['12345', '1234567', 'abcdef']) expect((await login(phone, code)).data.code).toBe('PARAMETER_ERROR');
  });
});
