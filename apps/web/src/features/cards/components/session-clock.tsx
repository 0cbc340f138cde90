import { useTranslation } from '../../../i18n';
import { clockText, type CountdownParts } from '../../../lib/countdown';
import { serverNowMs, type ClockOffset } from '../../../lib/server-clock';
import { nextSessionChangeMs, sessionPhase, type SessionPhase, type SessionWindow } from '../model/session-phase';
import { useCountdown } from '../../../lib/use-countdown';

export interface SessionClockState {
  /** null when no session is scheduled. */
  phase: SessionPhase | null;
  /** Time left to the next boundary (opening, then closing); null when there is none. */
  parts: CountdownParts | null;
}

/**
 * A session's phase on the server's clock, re-evaluated at every shown second, and a refetch (`onChange`) at each
 * boundary — the opening and the closing — so the page's buttons follow the session without a reload.
 */
export function useSessionClock(schedule: SessionWindow | null, offset: ClockOffset | null, onChange: () => void): SessionClockState {
  // Chosen at every render, and the countdown renders at every shown second: right after the opening tick the
  // next boundary is the closing, and the countdown's timer follows the new target.
  const now = serverNowMs(offset, Date.now());
  const target = schedule === null ? null : nextSessionChangeMs(schedule, now);
  const parts = useCountdown(target, offset, onChange);
  const phase = schedule === null ? null : sessionPhase(schedule, serverNowMs(offset, Date.now()));
  return { phase, parts };
}

/** The pill's colour per phase (styles/lists.css `countdown-line__state--*`). */
const TONE: Record<SessionPhase | 'none', string> = { upcoming: 'soon', open: 'live', closed: 'over', none: 'over' };

/** "Not started · opens in 1 d 02:03:04" / "In progress · closes in 00:10:00" / "Ended" / "No session scheduled". */
export function SessionClockView({ clock, testId }: { clock: SessionClockState; testId: string }) {
  const { t } = useTranslation();
  const { phase, parts } = clock;
  const time =
    parts === null || parts.done || phase === 'closed'
      ? null
      : parts.days > 0
        ? t('cards.countdown.withDays', { days: parts.days, clock: clockText(parts) })
        : clockText(parts);
  return (
    <p className="countdown-line" data-testid={testId} data-phase={phase ?? 'none'}>
      <span className={`countdown-line__state countdown-line__state--${TONE[phase ?? 'none']}`}>{t(`cards.session.${phase ?? 'none'}`)}</span>
      {time !== null && (
        <span className="countdown-line__time">
          <span className="countdown-line__label">{t(phase === 'open' ? 'cards.session.closesIn' : 'cards.session.opensIn')}</span>{' '}
          <span className="figure" data-testid={`${testId}-time`}>
            {time}
          </span>
        </span>
      )}
    </p>
  );
}

interface SessionClockProps {
  schedule: SessionWindow | null;
  offset: ClockOffset | null;
  onChange: () => void;
  testId: string;
}

/** The hook and its view together, for a page that needs only the words (the market's header). */
export function SessionClock({ schedule, offset, onChange, testId }: SessionClockProps) {
  return <SessionClockView clock={useSessionClock(schedule, offset, onChange)} testId={testId} />;
}
