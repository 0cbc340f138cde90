import { describe, expect, it } from 'vitest';
import { startBroadcast } from '../../infra/broadcast.js';
import { SessionCache } from './session-cache.js';

const session = { userId: 7, account: '0xabc', expiresAtMs: 10_000 };

async function cache(options = { maxEntries: 3, maxAgeMs: 1_000 }) {
  const broadcast = await startBroadcast({ redisUrl: undefined, channel: 'unused', log: { warn: () => undefined } });
  return new SessionCache(broadcast, options);
}

describe('session cache', () => {
  it('serves a session it has seen until it is revoked', async () => {
    const sessions = await cache();
    sessions.set('h1', session, sessions.currentGeneration(), 0);
    expect(sessions.get('h1', 10)).toMatchObject(session);
    await sessions.revoke('h1');
    expect(sessions.get('h1', 20)).toBeUndefined();
  });

  it('refuses a lookup that started before a revocation arrived', async () => {
    const sessions = await cache();
    const generation = sessions.currentGeneration();
    // The database answered "not revoked", then the revocation notice overtook the answer.
    await sessions.revoke('h1');
    sessions.set('h1', session, generation, 0);
    expect(sessions.get('h1', 1)).toBeUndefined();
  });

  it('forgets entries past their age and the oldest when full', async () => {
    const sessions = await cache();
    sessions.set('old', session, sessions.currentGeneration(), 0);
    expect(sessions.get('old', 1_001)).toBeUndefined();
    for (const hash of ['a', 'b', 'c', 'd']) sessions.set(hash, session, sessions.currentGeneration(), 2_000);
    expect(sessions.size).toBe(3);
    expect(sessions.get('a', 2_001)).toBeUndefined();
    expect(sessions.get('d', 2_001)).toMatchObject(session);
  });
});
