import { describe, expect, it } from 'vitest';
import { consoleApi, ledgerApi, withdrawalsApi } from '@reef/contract';
import { mayCall } from './access';

describe('mayCall', () => {
  it('follows the contract: auditors read, operators review, administrators adjust', () => {
    expect(mayCall(['auditor'], withdrawalsApi.adminListWithdrawals)).toBe(true);
    expect(mayCall(['auditor'], withdrawalsApi.adminApproveWithdrawal)).toBe(false);
    expect(mayCall(['operator'], withdrawalsApi.adminApproveWithdrawal)).toBe(true);
    expect(mayCall(['operator'], ledgerApi.adminAdjust)).toBe(false);
    expect(mayCall(['administrator'], ledgerApi.adminAdjust)).toBe(true);
    expect(mayCall(['service_agent'], consoleApi.adminMe)).toBe(false);
  });
});
