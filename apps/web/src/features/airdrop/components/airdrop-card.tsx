import type { ReactNode } from 'react';
import { useTranslation } from '../../../i18n';
import { type UserAirdrop } from '@reef/contract';
import { Button } from '../../../components/ui/button';
import { ErrorState } from '../../../components/ui/error-state';
import { toastError } from '../../../lib/api-client';
import { useAssetSymbols } from '../../../lib/use-asset-symbols';
import { useDateFormat } from '../../../lib/use-date-format';
import { showToast } from '../../../lib/toast';
import { useIdempotentMutation } from '../../../lib/use-idempotent-mutation';
import { useAirdrops } from '../api/list-airdrops';
import { useClaimAirdrop } from '../api/claim-airdrop';
import { ineligibleReason } from '../model/ineligible-reason';
import { formatGroupedAmount } from '../../../lib/amount-format';
import { CardSection } from '../../../components/ui/card-section';

function AirdropRow({ campaign, onClaimed }: { campaign: UserAirdrop; onClaimed: () => void }) {
  const { t } = useTranslation();
  const symbols = useAssetSymbols();
  const dateFormat = useDateFormat();
  const claim = useClaimAirdrop();
  const symbol = symbols[campaign.asset];
  const reason = campaign.claimed ? null : ineligibleReason(campaign, symbols);

  // One key per campaign's claim, kept across a retry after no answer so the server replays it.
  const submit = useIdempotentMutation({
    intent: () => campaign.id,
    send: (id, idempotencyKey) => claim.mutateAsync({ id, idempotencyKey }),
    onSuccess: () => {
      showToast(t('airdrop.success', { amount: formatGroupedAmount(campaign.amount), symbol }));
      onClaimed();
    },
    // The server's localized msg, e.g. 'Please bind your referees first'.
    onError: (error) => toastError(error),
  });

  return (
    <li className="bill airdrop" data-testid={`airdrop-${campaign.id}`}>
      <div className="bill__main">
        <span className="bill__kind">
          {formatGroupedAmount(campaign.amount)} {symbol}
        </span>
        <time className="bill__time" dateTime={campaign.ends_at}>
          {t('airdrop.endsAt', { time: dateFormat.format(new Date(campaign.ends_at)) })}
        </time>
        {reason && (
          <span className="bill__memo" data-testid={`airdrop-ineligible-${campaign.id}`} data-rule={campaign.ineligible}>
            {t(reason.key, reason.values)}
          </span>
        )}
      </div>
      <div className="bill__side">
        <Button
          variant={campaign.claimed ? 'secondary' : 'primary'}
          disabled={campaign.claimed || !campaign.eligible}
          busy={claim.isPending}
          onClick={submit}
          data-testid={`airdrop-claim-${campaign.id}`}
        >
          {campaign.claimed ? t('airdrop.claimed') : t('airdrop.claim')}
        </Button>
      </div>
    </li>
  );
}

/** Home's airdrop card: the campaigns open now, each with its Claim button, and a link to the history. */
export function AirdropCard({ historyLink, onClaimed }: { historyLink: ReactNode; onClaimed: () => void }) {
  const { t } = useTranslation();
  const airdrops = useAirdrops();
  const list = airdrops.data?.list ?? [];

  return (
    <CardSection title={t('airdrop.title')} action={historyLink} className="airdrops" testId="airdrop-card">
      {airdrops.isError ? (
        <ErrorState className="inline-error" onRetry={airdrops.refetch} />
      ) : airdrops.isPending ? (
        <p className="muted">{t('common.loading')}</p>
      ) : list.length === 0 ? (
        <p className="muted" data-testid="airdrop-empty">
          {t('airdrop.none')}
        </p>
      ) : (
        <ul className="bill-list">
          {list.map((campaign) => (
            <AirdropRow key={campaign.id} campaign={campaign} onClaimed={onClaimed} />
          ))}
        </ul>
      )}
    </CardSection>
  );
}
