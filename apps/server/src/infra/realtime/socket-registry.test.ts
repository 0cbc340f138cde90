import { describe, expect, it } from 'vitest';
import { SocketRegistry, type FrameSink } from './socket-registry.js';
import { AddressSlots } from './address-slots.js';

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

class SessionSink extends RecordingSink {
  ended = false;
  constructor(readonly session: string) {
    super();
  }
  endSession(): void {
    this.ended = true;
  }
}

describe('SocketRegistry caps and ended sessions (decision 037)', () => {
  it('adds up to the cap per user, then refuses; a closed socket frees its place', () => {
    const registry = new SocketRegistry<RecordingSink>();
    const sinks = Array.from({ length: 4 }, () => new RecordingSink());
    expect(sinks.map((sink) => registry.tryAdd(1, sink, 3))).toEqual([true, true, true, false]);
    expect(registry.tryAdd(2, sinks[3]!, 3)).toBe(true);
    registry.remove(1, sinks[0]!);
    expect(registry.tryAdd(1, sinks[3]!, 3)).toBe(true);
    // Adding a socket already there is not a new one.
    expect(registry.tryAdd(1, sinks[1]!, 3)).toBe(true);
    expect(registry.size).toBe(4);
  });

  it('ends only the sockets of the given session of that user', () => {
    const [a, b, other] = [new SessionSink('s1'), new SessionSink('s1'), new SessionSink('s2')];
    const registry = new SocketRegistry<RecordingSink>();
    for (const sink of [a, b, other]) registry.add(1, sink);
    registry.endSession(2, 's1');
    expect([a, b, other].map((sink) => sink.ended)).toEqual([false, false, false]);
    registry.endSession(1, 's1');
    expect([a, b, other].map((sink) => sink.ended)).toEqual([true, true, false]);
  });
});

describe('AddressSlots', () => {
  it('holds at most the cap per address and frees a slot on release', () => {
    const slots = new AddressSlots(2);
    expect([slots.take('10.0.0.1'), slots.take('10.0.0.1'), slots.take('10.0.0.1'), slots.take('10.0.0.2')]).toEqual([true, true, false, true]);
    slots.release('10.0.0.1');
    expect(slots.take('10.0.0.1')).toBe(true);
    slots.release('10.0.0.2');
    expect(slots.addresses).toBe(1);
  });
});
