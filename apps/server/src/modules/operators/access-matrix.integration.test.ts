/**
 * Issue 16's access matrix: every admin route the contract declares × every operator role, an ordinary user and
 * no token → allowed or refused exactly as the contract's role table (`allowedRoles`) says. The routes are read
 * from the contract, not listed here, so a new admin route is in the matrix the day it is declared. An allowed
 * call carries an invalid body or an unknown id, so it passes the role gate and changes nothing.
 */
import * as contract from '@reef/contract';
import { allowedRoles, OPERATOR_ROLES, type Endpoint, type OperatorRole } from '@reef/contract';
import { privateKeyToAccount, generatePrivateKey } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { databaseKinds, type SignedInUser, type TestApp, withTestApp } from '../../test/harness.js';
import { policyOf } from '../policy/policy-table.js';

function isEndpoint(value: unknown): value is Endpoint {
  return typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'auth' in value && 'response' in value;
}

/** Every endpoint the contract exports, once each (namespaces `*Api` and the socket's module). */
export function contractEndpoints(): Endpoint[] {
  const seen = new Set<Endpoint>();
  for (const namespace of Object.values(contract)) {
    if (typeof namespace !== 'object' || namespace === null) continue;
    for (const value of Object.values(namespace)) if (isEndpoint(value)) seen.add(value);
  }
  return [...seen];
}

const adminEndpoints = contractEndpoints().filter((e) => e.auth === 'admin');
const serviceAgentWallet = privateKeyToAccount(generatePrivateKey());

describe.each(databaseKinds)('the admin routes × roles on %s', (kind) => {
  let t: TestApp;
  const callers = {} as Record<OperatorRole | 'user', SignedInUser>;

  withTestApp({ kind, env: { CLOCK_ADJUSTABLE: '1', SERVICE_ADDRESSES: serviceAgentWallet.address } }, async (app) => {
    t = app;
    callers.administrator = t.admin;
    callers.service_agent = await t.signIn(serviceAgentWallet);
    callers.user = await t.signIn();
    for (const role of ['operator', 'auditor'] as const) {
      const wallet = privateKeyToAccount(generatePrivateKey());
      const grant = await t.call({ method: 'POST', url: '/api/admin/roles/grant', token: t.admin.token, payload: { account: wallet.address, role } });
      expect(grant.data).toMatchObject({ role, granted: true });
      callers[role] = await t.signIn(wallet);
    }
  });

  it('the contract declares admin routes and the app registers every one', () => {
    expect(adminEndpoints.length).toBeGreaterThan(50);
    for (const e of adminEndpoints) expect(t.app.hasRoute({ method: e.method, url: e.path }), `${e.method} ${e.path}`).toBe(true);
  });

  it('the role table: reads for the three console roles, changes for two, money and roles for the administrator', () => {
    const table = Object.fromEntries(adminEndpoints.map((e) => [`${e.method} ${e.path}`, [...allowedRoles(e)].sort().join(',')]));
    expect(table['POST /api/admin/ledger/adjust']).toBe('administrator');
    expect(table['POST /api/admin/roles/grant']).toBe('administrator');
    expect(table['POST /api/admin/roles/revoke']).toBe('administrator');
    expect(table['POST /api/admin/cards/leaders/:id']).toBe('administrator');
    expect(table['GET /api/admin/withdrawals']).toBe('administrator,auditor,operator');
    expect(table['POST /api/admin/withdrawals/:id/approve']).toBe('administrator,operator');
    for (const e of adminEndpoints) expect(allowedRoles(e)).not.toContain('service_agent');
  });

  const callerNames = [...OPERATOR_ROLES, 'user' as const, 'no token' as const];

  // One test per route, so a refusal names its route in the report and the route count shows in the test count.
  it.each(adminEndpoints.map((e) => [`${e.method} ${e.path}`, e] as const))('%s answers each caller as the table says', async (_name, e) => {
    const mismatches: string[] = [];
    for (const who of callerNames) {
      const url = e.path.replace(/:[a-z_]+/g, '999999');
      const token = who === 'no token' ? undefined : callers[who].token;
      // An empty object is not a valid body for any admin change, so an allowed call is refused after the gate.
      const res = await t.call({ method: e.method, url, token, ...(e.method === 'GET' ? {} : { payload: { unexpected: true } }) });
      const allowed = who !== 'no token' && who !== 'user' && allowedRoles(e).includes(who);
      const expected = who === 'no token' ? 401 : allowed ? 200 : 403;
      // Past the gate, a write the policy holds for a second administrator answers 202 pending (decision 092).
      const held = allowed && e.method !== 'GET' && policyOf(e).withApproval.includes(who as OperatorRole);
      if (held && res.http === 202 && res.data?.status === 'pending') continue;
      if (res.http !== expected) mismatches.push(`as ${who}: HTTP ${res.http} ${res.msg}, expected ${expected}`);
      if (expected === 403 && res.data?.code !== 'FORBIDDEN') mismatches.push(`as ${who}: ${JSON.stringify(res.data)}`);
    }
    expect(mismatches).toEqual([]);
  });
});
