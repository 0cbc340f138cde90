import { describe, expect, it } from 'vitest';
import * as contract from '@reef/contract';
import { allowedRoles, type Endpoint } from '@reef/contract';
import { actionName, POLICY_TABLE, policyOf } from './policy-table.js';
import { rankOf } from './policy.service.js';

/** Every endpoint the contract declares, found by walking its exports (not a hand list). */
function contractEndpoints(): Endpoint[] {
  const found = new Map<string, Endpoint>();
  const seen = new Set<unknown>();
  const walk = (value: unknown) => {
    if (!value || typeof value !== 'object' || seen.has(value)) return;
    seen.add(value);
    const e = value as Partial<Endpoint>;
    if (typeof e.method === 'string' && typeof e.path === 'string' && typeof e.auth === 'string') {
      found.set(actionName(e as Endpoint), e as Endpoint);
      return;
    }
    for (const child of Object.values(value)) walk(child);
  };
  walk(contract);
  return [...found.values()];
}

const adminWrites = contractEndpoints().filter((e) => e.auth === 'admin' && e.method !== 'GET');

describe('the policy table (decision 092)', () => {
  it('classifies every admin write of the contract, and nothing else', () => {
    expect(adminWrites.length).toBeGreaterThan(50);
    const unclassified = adminWrites.filter((e) => !POLICY_TABLE.has(actionName(e))).map(actionName);
    expect(unclassified).toEqual([]);
    const known = new Set(adminWrites.map(actionName));
    expect([...POLICY_TABLE.keys()].filter((action) => !known.has(action))).toEqual([]);
  });

  it('admits exactly the roles the contract admits, alone or through a second administrator', () => {
    for (const e of adminWrites) {
      const policy = policyOf(e);
      expect([...policy.alone, ...policy.withApproval].sort(), actionName(e)).toEqual([...allowedRoles(e)].sort());
    }
  });

  it('lets no role but administrators create value or change what users are paid alone', () => {
    for (const e of adminWrites) {
      const policy = policyOf(e);
      if (policy.kind === 'value' || policy.kind === 'terms') expect(policy.alone, actionName(e)).toEqual(['administrator']);
    }
  });

  it('refuses to register an admin write nobody classified', () => {
    expect(() => policyOf({ method: 'POST', path: '/api/admin/unclassified' })).toThrow(/not classified/);
  });
});

describe('rank (decision 092)', () => {
  it("orders administrator > operator > auditor = service agent > user, by a person's highest role", () => {
    expect(rankOf(['administrator'])).toBeGreaterThan(rankOf(['operator']));
    expect(rankOf(['operator'])).toBeGreaterThan(rankOf(['auditor']));
    expect(rankOf(['auditor'])).toBe(rankOf(['service_agent']));
    expect(rankOf(['service_agent'])).toBeGreaterThan(rankOf([]));
    expect(rankOf(['auditor', 'administrator'])).toBe(rankOf(['administrator']));
  });
});
