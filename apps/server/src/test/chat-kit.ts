/**
 * What the chat integration tests share: a hub that records what it was asked to publish (a real
 * implementation of RealtimeHub, used where a test asserts who got which frame) and shortcuts that go
 * through the real endpoints.
 */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { ServerFrame, ServerFrameType } from '@reef/contract';
import { users } from '../db/schema/index.js';
import type { RealtimeHub } from '../infra/realtime/realtime-hub.js';
import type { SignedInUser, TestApp } from './harness.js';

export class RecordingHub implements RealtimeHub {
  readonly sent: { userId: number; frame: ServerFrame }[] = [];

  publish(userIds: readonly number[], frame: ServerFrame): void {
    for (const userId of userIds) this.sent.push({ userId, frame });
  }

  /** Frames one user received, optionally of one type. */
  to<T extends ServerFrameType>(userId: number, type?: T): Extract<ServerFrame, { type: T }>[] {
    return this.sent.filter((s) => s.userId === userId && (!type || s.frame.type === type)).map((s) => s.frame as Extract<ServerFrame, { type: T }>);
  }

  /** Users who received at least one frame of this type. */
  recipients(type: ServerFrameType): number[] {
    return [...new Set(this.sent.filter((s) => s.frame.type === type).map((s) => s.userId))].sort((a, b) => a - b);
  }

  clear(): void {
    this.sent.length = 0;
  }
}

let counter = 0;
/** A fresh client message id (the contract wants 8–64 of [A-Za-z0-9_-]). */
export function clientId(): string {
  counter += 1;
  return `c${Date.now().toString(36)}_${counter}_${Math.random().toString(36).slice(2, 8)}`;
}

/** Users have no nickname endpoint yet; tests that show one write it directly. */
export async function setNickname(t: TestApp, user: SignedInUser, nickname: string): Promise<void> {
  await t.database.db.update(users).set({ nickname }).where(eq(users.id, user.uid));
}

/** Makes two users friends through the real request and accept endpoints. */
export async function befriend(t: TestApp, a: SignedInUser, b: SignedInUser): Promise<void> {
  const sent = await t.call({ method: 'POST', url: '/api/chat/friend-requests', token: a.token, payload: { uid: b.uid, note: 'hi' } });
  expect(sent.status).toBe(200);
  const accepted = await t.call({ method: 'POST', url: `/api/chat/friend-requests/${sent.data.id}/accept`, token: b.token });
  expect(accepted.status).toBe(200);
}

export function send(t: TestApp, from: SignedInUser, conversation: { type: string; id: number }, content: string, extra: Record<string, unknown> = {}) {
  return t.call({
    method: 'POST',
    url: '/api/chat/messages',
    token: from.token,
    payload: { conversation, msg_type: 'text', content, client_id: clientId(), ...extra },
  });
}
