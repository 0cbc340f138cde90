import { type AirdropIneligible, type AssetKey, type UserAirdrop } from '@reef/contract';
import { formatGroupedAmount } from '../../../lib/amount-format';

/**
 * Why the user may not claim, as an i18n key and its values: the rule the server named (`ineligible`,
 * the same code a claim would be refused with) filled in with that rule's figures (decision 037).
 */
export function ineligibleReason(
  campaign: Pick<UserAirdrop, 'ineligible' | 'rules'>,
  symbols: Record<AssetKey, string>,
): { key: `airdrop.ineligible.${AirdropIneligible}`; values: Record<string, string | number> } | null {
  const { rules } = campaign;
  switch (campaign.ineligible) {
    case null:
      return null;
    case 'AIRDROP_MIN_RECHARGE':
      return rules.min_recharge && { key: 'airdrop.ineligible.AIRDROP_MIN_RECHARGE', values: amountOf(rules.min_recharge, symbols) };
    case 'AIRDROP_MIN_HOLDING':
      return rules.min_holding && { key: 'airdrop.ineligible.AIRDROP_MIN_HOLDING', values: amountOf(rules.min_holding, symbols) };
    case 'AIRDROP_ACCOUNT_TOO_NEW':
      return { key: 'airdrop.ineligible.AIRDROP_ACCOUNT_TOO_NEW', values: { hours: rules.min_account_age_hours ?? 0 } };
    case 'AIRDROP_REFERRER_CAP':
      return { key: 'airdrop.ineligible.AIRDROP_REFERRER_CAP', values: { cap: rules.per_referrer_cap ?? 0 } };
    default:
      return { key: `airdrop.ineligible.${campaign.ineligible}` as const, values: {} };
  }
}

function amountOf(rule: { asset: AssetKey; amount: string }, symbols: Record<AssetKey, string>) {
  return { amount: formatGroupedAmount(rule.amount), symbol: symbols[rule.asset] };
}
