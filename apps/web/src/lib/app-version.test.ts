import { describe, expect, it } from 'vitest';
import { isUpdateAvailable } from './app-version';

describe("'update available' (decision 077)", () => {
  it('shows when the build is older than the oldest the server supports', () => {
    expect(isUpdateAvailable('20261101T0000', '20261127T1800')).toBe(true);
    expect(isUpdateAvailable('20261127T1800', '20261127T1800')).toBe(false);
    expect(isUpdateAvailable('20261128T0900', '20261127T1800')).toBe(false);
    expect(isUpdateAvailable('20261128T0900', '0')).toBe(false);
    expect(isUpdateAvailable('dev', '20261127T1800')).toBe(false);
  });
});
