import { useTranslation } from '../../../../i18n';
import { useSearchParams } from 'react-router-dom';
import type { UserInfo } from '@reef/contract';
import { Tabs } from '../../../../components/ui/tabs';
import { BnbChargeForm } from './bnb-charge-form';
import { BnbChargeList } from './bnb-charge-list';
import { ChargeForm } from './charge-form';
import '../../shared/components/funds-form.css';

export type ChargeMethod = 'usdt' | 'bnb';
const METHODS: readonly ChargeMethod[] = ['usdt', 'bnb'];

/** `?pay=bnb` opens the BNB tab (the 'Insufficient RUSD' prompt links to either tab); anything else USDT. */
export function chargeMethodFrom(param: string | null): ChargeMethod {
  return param === 'bnb' ? 'bnb' : 'usdt';
}

interface ChargePanelProps {
  balances: UserInfo['balances'] | undefined;
  /** After RUSD was credited: the caller refreshes what it owns (user info). */
  onCharged: () => void;
}

/** pages/property/single: RUSD bought with USDT from the balance, or with BNB paid from the wallet. */
export function ChargePanel({ balances, onCharged }: ChargePanelProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const method = chargeMethodFrom(search.get('pay'));
  return (
    <>
      <Tabs
        className="tabs--pair"
        label={t('property.bnb.method')}
        tabs={METHODS.map((option) => ({ id: option, label: t(`property.bnb.methods.${option}`), testId: `charge-method-${option}` }))}
        selected={method}
        onSelect={(option) => setSearch(option === 'bnb' ? { pay: 'bnb' } : {}, { replace: true })}
        testId="charge-method"
      />
      {method === 'usdt' ? (
        <ChargeForm balances={balances} onCharged={onCharged} />
      ) : (
        <>
          <BnbChargeForm balances={balances} />
          <BnbChargeList onCredited={onCharged} />
        </>
      )}
    </>
  );
}
