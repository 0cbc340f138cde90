import { describe, expect, it } from 'vitest';
import { SocketRegistry, type FrameSink } from './socket-registry.js';

class RecordingSink implements FrameSink {
  readonly frames: string[] = [];
  push(data: string): void {
    this.frames.push(data);
  }
  close(): void {}
}

describe('SocketRegistry', () => {
  it('delivers to every socket of each listed user once, even when a user is listed twice', () => {
    const registry = new SocketRegistry<RecordingSink>();
    const phone = new RecordingSink();
    const laptop = new RecordingSink();
    const other = new RecordingSink();
    const stranger = new RecordingSink();
    registry.add(1, phone);
    registry.add(1, laptop);
    registry.add(1, laptop);
    registry.add(2, other);
    registry.add(3, stranger);
    registry.deliver([1, 2, 1, 99], 'f');
    expect([phone.frames, laptop.frames, other.frames, stranger.frames]).toEqual([['f'], ['f'], ['f'], []]);
    expect([registry.size, registry.users]).toEqual([4, 3]);
  });

  it('forgets a socket once removed, and a user once their last socket is gone', () => {
    const registry = new SocketRegistry<RecordingSink>();
    const a = new RecordingSink();
    const b = new RecordingSink();
    registry.add(1, a);
    registry.add(1, b);
    registry.remove(1, a);
    registry.remove(1, a);
    registry.deliver([1], 'x');
    expect([a.frames, b.frames, registry.size, registry.users]).toEqual([[], ['x'], 1, 1]);
    registry.remove(1, b);
    expect([registry.size, registry.users, registry.all()]).toEqual([0, 0, []]);
  });
});
