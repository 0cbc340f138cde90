import { useTranslation } from '../../../i18n';
import type { CardStage } from '../model/card-stage';

const TONE: Record<CardStage, string> = {
  holding: '',
  due: 'card-state--warn',
  overdue: 'card-state--warn',
  listed: 'card-state--live',
  sold: 'card-state--good',
  split: '',
};

/** Spec §4's card states (warehouse, matching, completed), the warehouse told apart by what the owner may do. */
export function CardStageChip({ stage, testId }: { stage: CardStage; testId?: string }) {
  const { t } = useTranslation();
  return (
    <span className={`card-state ${TONE[stage]}`} data-testid={testId} data-stage={stage}>
      {t(`cards.stage.${stage}`)}
    </span>
  );
}
