import { describe, expect, it } from 'vitest';
import { auditAction, auditChanges, auditTarget } from './entry';

describe('an audit row read as a sentence', () => {
  it('names the verb and the console area from the route', () => {
    expect(auditAction('POST /api/admin/withdrawals/:id/approve')).toEqual({ verb: 'audit.verb.approve', area: 'nav.withdrawals' });
    expect(auditAction('POST /api/admin/ledger/adjust')).toEqual({ verb: 'audit.verb.adjust', area: 'audit.area.ledger' });
    expect(auditAction('POST /api/admin/users/:id/sessions/revoke')).toEqual({ verb: 'audit.verb.signOut', area: 'nav.users' });
    expect(auditAction('POST /api/admin/roles/revoke')).toEqual({ verb: 'audit.verb.revoke', area: 'nav.roles' });
    expect(auditAction('POST /api/admin/mining/products')).toEqual({ verb: 'audit.verb.create', area: 'nav.mining' });
    expect(auditAction('POST /api/admin/mining/products/:id')).toEqual({ verb: 'audit.verb.update', area: 'nav.mining' });
    expect(auditAction('POST /api/admin/settings/four-eyes')).toEqual({ verb: 'audit.verb.update', area: 'audit.area.settings' });
    expect(auditAction('DELETE /api/admin/share/:language')).toEqual({ verb: 'audit.verb.delete', area: 'nav.share' });
    expect(auditAction('PUT /api/admin/airdrops/:id/rules')).toEqual({ verb: 'audit.verb.update', area: 'nav.airdrops' });
    expect(auditAction('POST /api/admin/something-new')).toEqual({ verb: 'audit.verb.update', area: null });
  });

  it('names what was acted on: the row, and the user a request names', () => {
    expect(auditTarget({ action: 'POST /api/admin/withdrawals/:id/approve', target: { id: 7 }, request: { tx_hash: '0xab' } })).toEqual(['#7']);
    expect(auditTarget({ action: 'POST /api/admin/users/:id/freeze', target: { id: 12 }, request: { frozen: true } })).toEqual(['uid 12']);
    expect(auditTarget({ action: 'POST /api/admin/ledger/adjust', target: null, request: { uid: 3, asset: 'usdt', amount: '-25.5' } })).toEqual(['uid 3']);
    expect(auditTarget({ action: 'DELETE /api/admin/share/:language', target: { language: 'en-us' }, request: null })).toEqual(['en-us']);
  });

  it('lists only the fields that changed, before → after', () => {
    expect(auditChanges({ balance: '500.00000000', frozen: false }, { balance: '474.50000000', frozen: false })).toEqual([
      { field: 'balance', before: '500.00000000', after: '474.50000000' },
    ]);
    expect(auditChanges(null, { status: 'approved' })).toEqual([{ field: 'status', after: 'approved' }]);
    expect(auditChanges({ status: 'pending' }, null)).toEqual([{ field: 'status', before: 'pending' }]);
    expect(auditChanges('a', 'b')).toEqual([{ field: 'value', before: 'a', after: 'b' }]);
    expect(auditChanges({ rules: { min: 1 } }, { rules: { min: 1 } })).toEqual([]);
  });
});
