import { describe, expect, it } from 'vitest';
import { SocketRegistry, type FrameSink } from './socket-registry.js';

class RecordingSink implements FrameSink {
  readonly frames: string[] = [];
  push(data: Buffer): void {
    this.frames.push(data.toString());
  }
  close(): void {}
}

/** A registry holding the given sockets, added in order; a repeated pair checks that adding twice is harmless. */
function registryWith(...sockets: [uid: number, sink: RecordingSink][]): SocketRegistry<RecordingSink> {
  const registry = new SocketRegistry<RecordingSink>();
  for (const [uid, sink] of sockets) registry.add(uid, sink);
  return registry;
}

describe('SocketRegistry', () => {
  it('delivers to every socket of each listed user once, even when a user is listed twice', () => {
    const [phone, laptop, other, stranger] = [new RecordingSink(), new RecordingSink(), new RecordingSink(), new RecordingSink()];
    const registry = registryWith([1, phone], [1, laptop], [1, laptop], [2, other], [3, stranger]);
    registry.deliver([1, 2, 1, 99], 'f');
    expect([phone.frames, laptop.frames, other.frames, stranger.frames]).toEqual([['f'], ['f'], ['f'], []]);
    expect([registry.size, registry.users]).toEqual([4, 3]);
  });

  it('forgets a socket once removed, and a user once their last socket is gone', () => {
    const [a, b] = [new RecordingSink(), new RecordingSink()];
    const registry = registryWith([1, a], [1, b]);
    registry.remove(1, a);
    registry.remove(1, a);
    registry.deliver([1], 'x');
    expect([a.frames, b.frames, registry.size, registry.users]).toEqual([[], ['x'], 1, 1]);
    registry.remove(1, b);
    expect([registry.size, registry.users, registry.all()]).toEqual([0, 0, []]);
  });
});
