import { EmptyState } from '../../../components/ui/empty-state';
import { useTranslation } from '../../../i18n';
import { useDateFormat } from '../../../lib/use-date-format';
import { useCardTypes } from '../api/list-card-types';
import { cardsPaths } from '../model/paths';

/** The cards lists other than My cards, each with what it is for and the next step (decision 115). */
const LISTS = {
  market: { to: cardsPaths.order },
  orders: { to: cardsPaths.market },
  sales: { to: cardsPaths.myCards },
  record: { to: cardsPaths.market },
  held: { to: cardsPaths.starter },
} as const;

export function CardsEmpty({ list }: { list: keyof typeof LISTS }) {
  const { t } = useTranslation();
  return (
    <EmptyState
      title={t(`cards.emptyState.${list}.title`)}
      text={t(`cards.emptyState.${list}.text`)}
      action={{ label: t(`cards.emptyState.${list}.action`), to: LISTS[list].to() }}
      testId={`cards-empty-${list}`}
    />
  );
}

/**
 * My cards with none: what the page keeps, and when the next starter session opens, from the real schedule (each
 * type's open or next session), with the way to the starter cards.
 */
export function MyCardsEmpty() {
  const { t } = useTranslation();
  const dates = useDateFormat();
  const sessions = (useCardTypes().data?.list ?? []).flatMap((type) => (type.session === null ? [] : [type.session]));
  const open = sessions.some((session) => session.state === 'open');
  const next = sessions
    .filter((session) => session.state === 'not_started')
    .map((session) => session.opens_at)
    .sort()[0];
  const schedule = open
    ? t('cards.emptyState.sessionOpen')
    : next !== undefined
      ? t('cards.emptyState.nextSession', { time: dates.format(new Date(next)) })
      : t('cards.emptyState.noSession');
  return (
    <EmptyState
      title={t('cards.emptyState.myCards.title')}
      text={`${t('cards.emptyState.myCards.text')} ${schedule}`}
      action={{ label: t('cards.emptyState.myCards.action'), to: cardsPaths.starter() }}
      testId="cards-empty-my-cards"
    />
  );
}
