import { describe, expect, it } from 'vitest';
import { createSubmitGuard, preventNativeSubmit } from './submit-guard';

describe('createSubmitGuard', () => {
  it('accepts the first click and ignores repeats within 500 ms', () => {
    const guard = createSubmitGuard(500);
    expect(guard.accept(1000)).toBe(true);
    guard.settle();
    expect(guard.accept(1200)).toBe(false);
    expect(guard.accept(1499)).toBe(false);
    expect(guard.accept(1500)).toBe(true);
  });

  it('ignores clicks while the previous submit is pending, however late', () => {
    const guard = createSubmitGuard(500);
    expect(guard.accept(0)).toBe(true);
    expect(guard.accept(10_000)).toBe(false);
    guard.settle();
    expect(guard.accept(10_001)).toBe(true);
  });
});

describe('preventNativeSubmit', () => {
  it('cancels a form submit event, so an ignored repeat tap cannot reload the page', () => {
    const submit = new Event('submit', { cancelable: true });
    preventNativeSubmit(submit);
    expect(submit.defaultPrevented).toBe(true);
  });

  it('leaves other events and plain arguments alone', () => {
    const click = new Event('click', { cancelable: true });
    preventNativeSubmit(click);
    expect(click.defaultPrevented).toBe(false);
    expect(() => preventNativeSubmit(undefined)).not.toThrow();
    expect(() => preventNativeSubmit('usdt')).not.toThrow();
  });
});
