import { useTranslation } from '../../../i18n';
import type { cardsApi } from '@reef/contract';
import { useAssetSymbols } from '../../../lib/use-asset-symbols';
import { useDateFormat } from '../../../lib/use-date-format';
import { Money } from '../../../components/ui/money';
import { CardSection } from '../../../components/ui/card-section';

/** A card's whole history, oldest first: every owner's price, the others anonymised ("#2"), the caller as "you". */
export function CardHistory({ lines }: { lines: readonly cardsApi.CardHistoryLine[] }) {
  const { t } = useTranslation();
  const symbols = useAssetSymbols();
  const dateFormat = useDateFormat();
  return (
    <CardSection title={t('cards.history.title')}>
      <ol className="card-history" data-testid="card-history">
        {lines.map((line) => (
          <li key={line.id} className="card-history__line" data-testid="card-history-line" data-event={line.event}>
            <span className="card-history__what">
              <span>{t(`cards.history.${line.event}`)}</span>
              <span className="card-history__time">
                {line.owner !== null ? t('cards.history.you') : t('cards.history.owner', { label: line.owner_label })}
                {' · '}
                <time dateTime={line.created_at}>{dateFormat.format(new Date(line.created_at))}</time>
              </span>
            </span>
            <Money value={line.price} symbol={symbols.rusd} />
          </li>
        ))}
      </ol>
    </CardSection>
  );
}
