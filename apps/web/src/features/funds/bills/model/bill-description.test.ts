import { describe, expect, it } from 'vitest';
import { DEFAULT_ASSET_SYMBOLS, ledgerApi, type AssetKey } from '@reef/contract';
import deDe from '../../../../i18n/locales/de-de.json';
import enUs from '../../../../i18n/locales/en-us.json';
import ptBr from '../../../../i18n/locales/pt-br.json';
import ruRu from '../../../../i18n/locales/ru-ru.json';
import zhCn from '../../../../i18n/locales/zh-cn.json';
import zhTw from '../../../../i18n/locales/zh-tw.json';
import { describeBill, type BillDescription } from './bill-description';

const symbolOf = (asset: AssetKey) => DEFAULT_ASSET_SYMBOLS[asset];
const ADDRESS = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
const HASH = `0x${'cd'.repeat(32)}`;

describe('describeBill', () => {
  it('names the exchange pair by the assets’ symbols instead of "usdt>coin"', () => {
    expect(describeBill({ kind: 'exchange_out', memo: 'usdt>coin' }, symbolOf)).toEqual({
      key: 'exchange',
      values: { from: DEFAULT_ASSET_SYMBOLS.usdt, to: DEFAULT_ASSET_SYMBOLS.coin },
    });
    expect(describeBill({ kind: 'exchange_in', memo: 'gold>coin' }, symbolOf)).toEqual({ key: 'exchangeGeneric', values: {} });
  });

  it('reads the airdrop campaign number instead of "airdrop 1"', () => {
    expect(describeBill({ kind: 'airdrop', memo: 'airdrop 1' }, symbolOf)).toEqual({ key: 'airdrop', values: { id: '1' } });
    expect(describeBill({ kind: 'airdrop', memo: '' }, symbolOf)).toEqual({ key: 'airdropGeneric', values: {} });
  });

  it('masks the counterparty of transfers and withdrawals', () => {
    expect(describeBill({ kind: 'transfer_out', memo: ADDRESS }, symbolOf)).toEqual({ key: 'transferTo', values: { counterparty: '0x7099…79c8' } });
    expect(describeBill({ kind: 'transfer_fee', memo: ADDRESS }, symbolOf).values.counterparty).toBe('0x7099…79c8');
    expect(describeBill({ kind: 'withdrawal', memo: ADDRESS }, symbolOf)).toEqual({ key: 'withdrawalTo', values: { counterparty: '0x7099…79c8' } });
    expect(describeBill({ kind: 'withdrawal_fee', memo: ADDRESS }, symbolOf).key).toBe('withdrawalFeeTo');
    expect(describeBill({ kind: 'transfer_in', memo: ADDRESS }, symbolOf)).toEqual({ key: 'transferFrom', values: { counterparty: '0x7099…79c8' } });
    // A line from before the memo named the sender.
    expect(describeBill({ kind: 'transfer_in', memo: '' }, symbolOf)).toEqual({ key: 'transferIn', values: {} });
  });

  it('tells an on-chain deposit (short hash) from one approved after review', () => {
    expect(describeBill({ kind: 'deposit', memo: HASH }, symbolOf)).toEqual({ key: 'depositChain', values: { hash: `0x${'cd'.repeat(4)}…${'cd'.repeat(4)}` } });
    expect(describeBill({ kind: 'deposit', memo: 'deposit 12 reviewed' }, symbolOf)).toEqual({ key: 'depositReviewed', values: {} });
  });

  it('reads the RUSD charge rate or the BNB payment hash', () => {
    expect(describeBill({ kind: 'rusd_charge_in', memo: 'rate 1.25' }, symbolOf)).toEqual({ key: 'chargeRate', values: { rate: '1.25' } });
    expect(describeBill({ kind: 'rusd_charge_bnb', memo: HASH }, symbolOf).key).toBe('chargeBnb');
  });

  it("puts an operator's note (adjustment memo, rejection reason) inside the kind's sentence", () => {
    expect(describeBill({ kind: 'adjustment', memo: 'goodwill credit' }, symbolOf)).toEqual({ key: 'adjustmentNote', values: { note: 'goodwill credit' } });
    expect(describeBill({ kind: 'adjustment', memo: '' }, symbolOf)).toEqual({ key: 'adjustment', values: {} });
    expect(describeBill({ kind: 'withdrawal_refund', memo: 'address on a blacklist' }, symbolOf)).toEqual({
      key: 'withdrawalRefundNote',
      values: { note: 'address on a blacklist' },
    });
  });

  it('never shows a machine memo of an unexpected shape', () => {
    expect(describeBill({ kind: 'withdrawal', memo: '0xFa...f1' }, symbolOf)).toEqual({ key: 'withdrawal', values: {} });
    expect(describeBill({ kind: 'deposit', memo: 'something else' }, symbolOf)).toEqual({ key: 'deposit', values: {} });
  });

  it('describes every bill kind the contract knows', () => {
    for (const kind of ledgerApi.POSTING_KINDS) {
      const description = describeBill({ kind, memo: '' }, symbolOf);
      expect(description.key, kind).toMatch(/^[a-zA-Z]+$/);
      expect(Object.values(description.values).every((value) => value !== '')).toBe(true);
    }
  });
});

describe('the description sentences', () => {
  const lines: Parameters<typeof describeBill>[0][] = [
    ...ledgerApi.POSTING_KINDS.map((kind) => ({ kind, memo: '' })),
    { kind: 'transfer_out', memo: ADDRESS },
    { kind: 'transfer_fee', memo: ADDRESS },
    { kind: 'exchange_out', memo: 'usdt>coin' },
    { kind: 'withdrawal', memo: ADDRESS },
    { kind: 'withdrawal_fee', memo: ADDRESS },
    { kind: 'deposit', memo: HASH },
    { kind: 'deposit', memo: 'deposit 3 reviewed' },
    { kind: 'rusd_charge_in', memo: 'rate 1' },
    { kind: 'rusd_charge_bnb', memo: HASH },
    { kind: 'airdrop', memo: 'airdrop 7' },
    { kind: 'adjustment', memo: 'goodwill' },
    { kind: 'withdrawal_refund', memo: 'wrong address' },
    { kind: 'shop_purchase', memo: 'order S202611281500000000123456' },
  ];
  const described: BillDescription[] = lines.map((line) => describeBill(line, symbolOf));

  it.each([
    ['zh-tw', zhTw],
    ['zh-cn', zhCn],
    ['en-us', enUs],
    ['pt-br', ptBr],
    ['de-de', deDe],
    ['ru-ru', ruRu],
  ])('in %s exist for every key and get every value they interpolate', (_, catalogue) => {
    const sentences = catalogue.bills.descriptions as Record<string, string>;
    for (const { key, values } of described) {
      const sentence = sentences[key];
      expect(sentence, key).toBeTypeOf('string');
      const wanted = [...sentence!.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]);
      for (const name of wanted) expect(values, `${key} needs ${name}`).toHaveProperty(name!);
    }
  });
});

describe('shop bills', () => {
  it('names the points-shop order by its number', () => {
    expect(describeBill({ kind: 'shop_purchase', memo: 'order S202611281500000000123456' }, symbolOf)).toEqual({
      key: 'shopOrder',
      values: { id: 'S202611281500000000123456' },
    });
    expect(describeBill({ kind: 'shop_purchase', memo: 'order 12' }, symbolOf)).toEqual({ key: 'shopGeneric', values: {} });
  });
});

describe('every posting kind of the contract', () => {
  it.each([
    ['zh-tw', zhTw],
    ['zh-cn', zhCn],
    ['en-us', enUs],
    ['pt-br', ptBr],
    ['de-de', deDe],
    ['ru-ru', ruRu],
  ])('has its bill label in %s, and the catalogue no label for a kind the contract does not list', (_, catalogue) => {
    const labels = catalogue.bills.kinds as Record<string, string>;
    const missing = ledgerApi.POSTING_KINDS.filter((kind) => typeof labels[kind] !== 'string' || labels[kind]!.trim() === '');
    expect(missing).toEqual([]);
    expect(Object.keys(labels).sort()).toEqual([...ledgerApi.POSTING_KINDS].sort());
  });
});

describe('game bills', () => {
  it('names the round by its seed hash and nonce', () => {
    expect(describeBill({ kind: 'game_bet', memo: 'game slot 0a6c32d5:12' }, symbolOf)).toEqual({ key: 'gameRound', values: { id: '0a6c32d5:12' } });
    expect(describeBill({ kind: 'game_payout', memo: 'other' }, symbolOf)).toEqual({ key: 'gameGeneric', values: {} });
  });
});
