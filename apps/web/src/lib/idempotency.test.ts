import { describe, expect, it } from 'vitest';
import { createIdempotencyKeeper, newIdempotencyKey } from './idempotency';

describe('createIdempotencyKeeper', () => {
  const counter = () => {
    let n = 0;
    return () => `key-${++n}`;
  };

  it('keeps the key while the same action is retried after an unknown outcome', () => {
    const keeper = createIdempotencyKeeper(counter());
    expect(keeper.keyFor('a')).toBe('key-1');
    keeper.settle('unknown');
    expect(keeper.keyFor('a')).toBe('key-1');
  });

  it('takes a new key once the server answered', () => {
    const keeper = createIdempotencyKeeper(counter());
    keeper.keyFor('a');
    keeper.settle('answered');
    expect(keeper.keyFor('a')).toBe('key-2');
  });

  it('takes a new key when the payload changes', () => {
    const keeper = createIdempotencyKeeper(counter());
    keeper.keyFor('a');
    keeper.settle('unknown');
    expect(keeper.keyFor('b')).toBe('key-2');
  });
});

describe('newIdempotencyKey', () => {
  it('is a v4 UUID', () => {
    expect(newIdempotencyKey()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
