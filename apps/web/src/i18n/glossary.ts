import type { LanguageCode } from '@reef/contract';

/**
 * One name per action and thing, per language (issue 10 "one glossary per language"; decision 049). The first
 * words a new user meets — deposit, withdraw, transfer, exchange — must read the same on every screen, or people
 * wonder whether "Einzahlung" and "Aufladen" are two different things. `term` is the word the catalogues use;
 * `avoid` lists the synonyms that would name the same concept a second way. `glossary.test.ts` fails when a
 * catalogue uses an avoided word.
 *
 * Avoided words match whole words in Latin and Cyrillic text (letter case ignored; a trailing `*` also matches
 * longer forms: `Auflad*` catches "Aufladung" and "aufladen") and as plain substrings in Chinese.
 */
export type GlossaryConcept = 'deposit' | 'withdraw' | 'transfer' | 'exchange' | 'charge' | 'balance' | 'transactionPassword' | 'fee';

export interface GlossaryEntry {
  /** The one word (or phrase) for the concept. */
  term: string;
  /** Words that must not name it. */
  avoid: readonly string[];
}

export const GLOSSARY: Record<GlossaryConcept, Record<LanguageCode, GlossaryEntry>> = {
  // Money in from the chain (page property/recharge, spec's "recharge").
  deposit: {
    'zh-tw': { term: '充值', avoid: ['儲值', '入金', '存入'] },
    'zh-cn': { term: '充值', avoid: ['储值', '入金', '存入'] },
    'en-us': { term: 'deposit', avoid: ['recharge*', 'top up', 'top-up', 'topping up'] },
    'pt-br': { term: 'depósito', avoid: ['recarga*', 'recarreg*', 'recarrega*'] },
    'de-de': { term: 'Einzahlung', avoid: ['Auflad*', 'aufzuladen'] },
    'ru-ru': { term: 'пополнение', avoid: ['депозит*', 'внесени*'] },
  },
  // Money out to a wallet.
  withdraw: {
    'zh-tw': { term: '提現', avoid: ['提幣', '提領', '出金'] },
    'zh-cn': { term: '提现', avoid: ['提币', '提领', '出金'] },
    'en-us': { term: 'withdraw', avoid: ['cash out', 'payout request'] },
    'pt-br': { term: 'saque', avoid: ['retirada*', 'retirar'] },
    'de-de': { term: 'Auszahlung', avoid: ['Abhebung*', 'abheben'] },
    'ru-ru': { term: 'вывод', avoid: ['сняти*', 'снять'] },
  },
  // User to user.
  transfer: {
    'zh-tw': { term: '轉帳', avoid: ['轉賬', '劃轉', '划轉'] },
    'zh-cn': { term: '转账', avoid: ['转帐', '划转'] },
    'en-us': { term: 'transfer', avoid: ['send money', 'remittance'] },
    'pt-br': { term: 'transferência', avoid: ['remessa*'] },
    'de-de': { term: 'Überweisung', avoid: ['Transfer', 'Transfers'] },
    'ru-ru': { term: 'перевод', avoid: ['трансфер*'] },
  },
  // Flash exchange between assets (page property/exchange).
  exchange: {
    'zh-tw': { term: '兌換', avoid: ['閃兌', '交換'] },
    'zh-cn': { term: '兑换', avoid: ['闪兑', '交换'] },
    'en-us': { term: 'exchange', avoid: ['swap*', 'convert*'] },
    'pt-br': { term: 'troca', avoid: ['troca rápida', 'câmbio', 'conversão', 'converter'] },
    // "Tausch" alone stays for the miner swap (mining/index), a different action.
    'de-de': { term: 'Sofortumtausch', avoid: ['tauschen', 'getauscht', 'Umtausch', 'umtauschen', 'umgetauscht'] },
    'ru-ru': { term: 'обмен', avoid: ['быстрый обмен', 'своп*', 'конверт*'] },
  },
  // Buying RUSD with USDT or BNB (page property/single, the "charge").
  charge: {
    'zh-tw': { term: '購買', avoid: ['RUSD充值', 'RUSD 充值', '兌換 RUSD', 'RUSD 兌換', '已兌換'] },
    'zh-cn': { term: '购买', avoid: ['RUSD充值', 'RUSD 充值', '兑换 RUSD', 'RUSD 兑换', '已兑换'] },
    'en-us': { term: 'buy', avoid: ['RUSD charge'] },
    'pt-br': { term: 'comprar', avoid: ['recarga RUSD', 'recarga de RUSD'] },
    'de-de': { term: 'kaufen', avoid: ['RUSD-Aufladung'] },
    'ru-ru': { term: 'купить', avoid: ['пополнение RUSD'] },
  },
  balance: {
    'zh-tw': { term: '餘額', avoid: ['結餘'] },
    'zh-cn': { term: '余额', avoid: ['结余'] },
    'en-us': { term: 'balance', avoid: ['funds available'] },
    'pt-br': { term: 'saldo', avoid: ['balanço'] },
    'de-de': { term: 'Guthaben', avoid: ['Saldo', 'Kontostand'] },
    'ru-ru': { term: 'баланс', avoid: ['остаток', 'остатка', 'остатке'] },
  },
  // The six-digit password that guards withdrawals and transfers.
  transactionPassword: {
    'zh-tw': { term: '交易密碼', avoid: ['支付密碼', '資金密碼'] },
    'zh-cn': { term: '交易密码', avoid: ['支付密码', '资金密码'] },
    'en-us': { term: 'transaction password', avoid: ['payment password', 'pay password', 'trade password', 'fund password'] },
    'pt-br': { term: 'senha de transação', avoid: ['senha de pagamento', 'senha de negociação'] },
    'de-de': { term: 'Transaktionspasswort', avoid: ['Zahlungspasswort', 'Kennwort', 'Transaktions-PIN'] },
    'ru-ru': { term: 'пароль транзакций', avoid: ['платёжный пароль', 'платежный пароль', 'платёжного пароля', 'платежного пароля'] },
  },
  fee: {
    'zh-tw': { term: '手續費', avoid: ['服務費'] },
    'zh-cn': { term: '手续费', avoid: ['服务费'] },
    'en-us': { term: 'fee', avoid: ['commission'] },
    'pt-br': { term: 'taxa', avoid: ['tarifa', 'comissão'] },
    'de-de': { term: 'Gebühr', avoid: ['Provision'] },
    'ru-ru': { term: 'комисси', avoid: ['плата за перевод', 'плата за вывод'] },
  },
};
