/**
 * When the history shows a time line between two messages. Instead of a time under every bubble (noise on a
 * phone), a centred time separates the runs of a conversation, as in Telegram and WeChat:
 *
 *   a separator goes above a message when it is the first one shown, when it was written on another local
 *   calendar day than the message before it, or when more than 5 minutes passed since the message before it.
 *
 * A quick exchange then reads as one block under one time; a pause or a new day starts a new block. The
 * day is the reader's (the device's time zone), since "today" and "yesterday" are theirs.
 */
export const SEPARATOR_GAP_MS = 5 * 60_000;

function sameLocalDay(a: Date, b: Date): boolean {
  return a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();
}

/** Whether a time separator goes above `current`, given the message shown just before it (null: none). */
export function needsTimeSeparator(previous: Date | null, current: Date): boolean {
  if (previous === null) return true;
  return !sameLocalDay(previous, current) || current.getTime() - previous.getTime() > SEPARATOR_GAP_MS;
}

/** A separator's text: only the time for today, the date and time before that. */
export function separatorStyle(at: Date, now: Date): 'time' | 'dateTime' {
  return sameLocalDay(at, now) ? 'time' : 'dateTime';
}
