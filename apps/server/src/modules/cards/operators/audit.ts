/**
 * Every operator change to the cards setup is audited as one `card.admin_changed` event (decision 050), written in
 * the change's transaction: who, which row, what was done, the row before and after.
 */
import type { BusinessEvent } from '@reef/contract';
import type { Transaction } from '../../../db/client.js';
import { recordEvent } from '../../events/events.service.js';

type AdminChanged = Extract<BusinessEvent, { type: 'card.admin_changed' }>;

export async function auditCardChange(
  tx: Transaction,
  operatorId: number,
  target: AdminChanged['target'],
  targetId: number | null,
  action: AdminChanged['action'],
  before: object | null,
  after: object | null,
) {
  await recordEvent(tx, {
    type: 'card.admin_changed',
    user_id: operatorId,
    target,
    target_id: targetId,
    action,
    before: before as Record<string, unknown> | null,
    after: after as Record<string, unknown> | null,
  });
}
