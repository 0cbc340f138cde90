import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { clockOffsetMs, configureClock } from '../../core/clock.js';
import { applyClock, followSharedClock, moveClock } from './clock.service.js';
import { createTestApp, databaseKinds, type TestApp } from '../../test/harness.js';

describe.each(databaseKinds)('test clock route (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { CLOCK_ADJUSTABLE: 'true', TOKEN_TTL_HOURS: '1' });
  });
  afterAll(async () => {
    await t.close();
    configureClock({ adjustable: false });
  });

  const move = (payload: Record<string, unknown>, token = t.admin.token) => t.call({ method: 'POST', url: '/api/test/clock', token, payload });

  it('is for admins only and checks its body', async () => {
    const user = await t.signIn();
    expect((await move({ offset_ms: 1000 }, user.token)).http).toBe(403);
    expect((await move({ offset_ms: 1.5 })).data.code).toBe('PARAMETER_ERROR');
    expect((await move({ offset_ms: 1, advance_ms: 1 })).data.code).toBe('PARAMETER_ERROR');
    expect(clockOffsetMs()).toBe(0);
  });

  it('moves business time: a token past its lifetime is refused; the offset is shared through the database', async () => {
    const user = await t.signIn();
    expect((await t.call({ method: 'GET', url: '/api/user/info', token: user.token })).http).toBe(200);
    const set = await move({ offset_ms: 30 * 60_000 });
    expect(set.data.offset_ms).toBe(30 * 60_000);
    expect(Date.parse(set.data.now) - Date.now()).toBeGreaterThan(29 * 60_000);
    const advanced = await move({ advance_ms: 40 * 60_000 });
    expect(advanced.data.offset_ms).toBe(70 * 60_000);
    expect((await t.call({ method: 'GET', url: '/api/user/info', token: user.token })).http).toBe(401);

    // Another process of the deployment starts at the shared offset (the job runner's tick follows it too).
    configureClock({ adjustable: false });
    const other = await buildApp({ config: t.config, db: t.database.db });
    expect(clockOffsetMs()).toBe(70 * 60_000);
    await other.close();
    // The admin's own token has expired with the others.
    expect((await move({ offset_ms: 0 })).http).toBe(401);
    expect(applyClock(await moveClock(t.database.db, { offset_ms: 0 }))).toMatchObject({ offset_ms: 0 });
  });

  it('moves atomically with respect to the job runner: 200 moves beside a 10 ms follower never leave a stale offset', async () => {
    // The job runner's tick (`beforeTick`) follows the shared offset; here it runs every 10 ms beside the moves, on
    // the same process, as JOB_POLL_MS=10 would (the race: a tick reading the row before a move committed used to
    // set the old offset back after the move applied the new one).
    let following = true;
    const follower = (async () => {
      while (following) {
        await followSharedClock(t.database.db);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    })();
    const stale: string[] = [];
    try {
      let expected = clockOffsetMs();
      for (let i = 0; i < 200; i++) {
        const step = i % 2 === 0 ? { advance_ms: 1_000 } : { offset_ms: expected + 1_000 };
        expected += 1_000;
        const answer = await move(step);
        if (answer.data?.offset_ms !== expected) stale.push(`move ${i} answered ${answer.data?.offset_ms}, expected ${expected}`);
        // A follower tick that read the row before this move committed ends within a tick or two.
        await new Promise((resolve) => setTimeout(resolve, i % 10 === 0 ? 25 : 1));
        if (clockOffsetMs() !== expected) stale.push(`after move ${i} the process held ${clockOffsetMs()}, expected ${expected}`);
      }
    } finally {
      following = false;
      await follower;
    }
    expect(stale).toEqual([]);
    // Two moves at once both count: each adds to the stored offset in one statement.
    const before = clockOffsetMs();
    await Promise.all([move({ advance_ms: 500 }), move({ advance_ms: 700 })]);
    await followSharedClock(t.database.db);
    expect(clockOffsetMs()).toBe(before + 1_200);
    expect(applyClock(await moveClock(t.database.db, { offset_ms: 0 }))).toMatchObject({ offset_ms: 0 });
  });
});

describe('test clock route when the clock is not adjustable', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(() => t.close());

  it('does not exist', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/clock',
      headers: { authorization: `Bearer ${t.admin.token}` },
      payload: { offset_ms: 1000 },
    });
    expect(res.statusCode).toBe(404);
    expect(clockOffsetMs()).toBe(0);
  });
});
