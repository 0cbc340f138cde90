/**
 * Card types as operators define them (decision 050): the list, a new type, an edit (fee and obtainable rates kept
 * within the price), each audited with the row before and after.
 */
import type { AdminCardType, LanguageCode } from '@reef/contract';
import * as clock from '../../../core/clock.js';
import { DomainError } from '../../../core/errors.js';
import type { Database } from '../../../db/client.js';
import * as repo from '../cards.repository.js';
import { toCardTypeRules, type CardTypeRow } from '../cards.service.js';
import { auditCardChange } from './audit.js';

const iso = (d: Date) => d.toISOString();

function adminTypeView(row: CardTypeRow): AdminCardType {
  return {
    ...toCardTypeRules(row, 'en-us'),
    name: row.name,
    names: row.names as Record<string, string>,
    per_user_cap: row.perUserCap,
    active: row.active,
    sort: row.sort,
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
  };
}

export async function adminListTypes(db: Database) {
  return { list: (await repo.listCardTypes(db, false)).map(adminTypeView) };
}

export interface CardTypeInput {
  name?: string | undefined;
  names?: Partial<Record<LanguageCode, string>> | undefined;
  image?: string | undefined;
  start_price?: string | undefined;
  price_step_bp?: number | undefined;
  fuel_fee_bp?: number | undefined;
  trade_points?: string | undefined;
  hold_days?: number | undefined;
  list_window_days?: number | undefined;
  platform_fee_bp?: number | undefined;
  obtainable_bp?: number | undefined;
  renewal_fee_bp?: number | undefined;
  per_user_cap?: number | undefined;
  active?: boolean | undefined;
  sort?: number | undefined;
}

function typeColumns(input: CardTypeInput): Partial<repo.CardTypeInsert> {
  const columns: Partial<repo.CardTypeInsert> = {
    name: input.name,
    names: input.names,
    image: input.image,
    startPrice: input.start_price,
    priceStepBp: input.price_step_bp,
    fuelFeeBp: input.fuel_fee_bp,
    tradePoints: input.trade_points,
    holdDays: input.hold_days,
    listWindowDays: input.list_window_days,
    platformFeeBp: input.platform_fee_bp,
    obtainableBp: input.obtainable_bp,
    renewalFeeBp: input.renewal_fee_bp,
    perUserCap: input.per_user_cap,
    active: input.active,
    sort: input.sort,
  };
  return Object.fromEntries(Object.entries(columns).filter(([, v]) => v !== undefined)) as Partial<repo.CardTypeInsert>;
}

export async function adminCreateType(db: Database, operatorId: number, input: CardTypeInput & { name: string; start_price: string; platform_fee_bp: number }) {
  return db.transaction(async (tx) => {
    const columns = typeColumns(input);
    const row = await repo.insertCardType(tx, {
      ...(columns as repo.CardTypeInsert),
      obtainableBp: input.obtainable_bp ?? 10_000 - input.platform_fee_bp,
      createdBy: operatorId,
    });
    const view = adminTypeView(row);
    await auditCardChange(tx, operatorId, 'card_type', row.id, 'create', null, view);
    return view;
  });
}

export async function adminUpdateType(db: Database, operatorId: number, id: number, input: CardTypeInput, now = clock.now()) {
  const result = await db.transaction(async (tx) => {
    const before = await repo.lockCardType(tx, id);
    if (!before) throw new DomainError('NOT_FOUND');
    const columns = typeColumns(input);
    const feeBp = input.platform_fee_bp ?? before.platformFeeBp;
    const obtainableBp = input.obtainable_bp ?? before.obtainableBp;
    // A fee raised past what the obtainable rate leaves would break the type's CHECK: refuse it as bad input.
    if (feeBp + obtainableBp > 10_000) throw new DomainError('PARAMETER_ERROR');
    const row = await repo.updateCardType(tx, id, { ...columns, updatedAt: now });
    const view = adminTypeView(row!);
    await auditCardChange(tx, operatorId, 'card_type', id, 'update', adminTypeView(before), view);
    return view;
  });
  return result;
}
