import { useTranslation, type TranslationKey } from '../../../i18n';
import type { CountdownParts } from '../../../lib/countdown';
import { serverNowMs, type ClockOffset } from '../../../lib/server-clock';
import { useCountdown } from '../../../lib/use-countdown';
import { nextBoundaryMs, pledgeState, pledgeTimes, type PledgeState } from '../model/pledge-phase';
import type { pledgeApi } from '@reef/contract';

export interface PledgeClockState {
  state: PledgeState;
  /** Time left to the next boundary (start, end of sales, unlock, last release); null once released. */
  parts: CountdownParts | null;
}

/**
 * The product's state on the server's clock, re-evaluated at every shown second, and `onChange` (a refetch) at each
 * boundary, so the lock button opens and closes with the sale without a reload.
 */
export function usePledgeClock(product: pledgeApi.PledgeProduct, offset: ClockOffset | null, onChange: () => void): PledgeClockState {
  const times = pledgeTimes(product);
  const target = nextBoundaryMs(times, serverNowMs(offset, Date.now()));
  const parts = useCountdown(target, offset, onChange);
  // Before the first reading of the server's clock the server's own word stands.
  const state = offset === null ? product.state : pledgeState(times, serverNowMs(offset, Date.now()));
  return { state, parts };
}

const LABEL: Record<PledgeState, TranslationKey | null> = {
  not_started: 'pledge.clock.startsIn',
  in_progress: 'pledge.clock.endsIn',
  ended: 'pledge.clock.unlocksIn',
  releasing: 'pledge.clock.releasedIn',
  released: null,
};

/** The state pill's colour (styles/lists.css `countdown-line__state--*`); the positions' list uses it too. */
export const PLEDGE_TONE: Record<PledgeState, string> = {
  not_started: 'soon',
  in_progress: 'live',
  ended: 'waiting',
  releasing: 'waiting',
  released: 'over',
};

/** "In progress · Ends in 1d 02h 03m 04s": the state chip and the countdown in days, hours, minutes, seconds. */
export function PledgeClockView({ clock, testId }: { clock: PledgeClockState; testId: string }) {
  const { t } = useTranslation();
  const { state, parts } = clock;
  const label = LABEL[state];
  const pad = (n: number) => String(n).padStart(2, '0');
  return (
    <p className="countdown-line" data-testid={testId} data-state={state}>
      <span className={`countdown-line__state countdown-line__state--${PLEDGE_TONE[state]}`}>{t(`pledge.state.${state}`)}</span>
      {label !== null && parts !== null && !parts.done && (
        <span className="countdown-line__time">
          <span className="countdown-line__label">{t(label)}</span>{' '}
          <span className="figure" data-testid={`${testId}-time`}>
            {t('pledge.clock.time', { days: parts.days, hours: pad(parts.hours), minutes: pad(parts.minutes), seconds: pad(parts.seconds) })}
          </span>
        </span>
      )}
    </p>
  );
}
