/**
 * Texts leave after the answer (decision 096). The gateway round trip took ~400 ms while a number nobody has bound
 * answered at once, so the time of `POST /api/register` told who uses the app; now every send answers when its code
 * is stored, and the text goes out from this queue.
 *
 * In memory on purpose, not the job runner: a job's payload is a database row, and the code would sit there in the
 * clear, while the table of codes keeps only salted hashes. A node that dies with texts in its queue loses them; the
 * caller asks again after the 60 s interval, as after any text that does not arrive.
 */
import { SmsSendError, type SmsSender } from './sms-sender.js';

export interface SmsJob {
  to: string;
  text: string;
  /** Called when the gateway refused or could not be reached: nothing reached the phone. */
  onFailure(error: SmsSendError): Promise<void>;
}

export interface SmsQueue {
  push(job: SmsJob): void;
  /** Resolves when every text pushed so far has been handed to the gateway (or failed): shutdown waits on it. */
  drain(): Promise<void>;
}

/** Gateways take a few calls at once; more would only queue at their end or trip their own rate limits. */
const CONCURRENT_SENDS = 4;
/**
 * Beyond this many waiting texts a new one is refused at once (its resend freed): the per-number and per-address
 * budgets keep honest traffic far below it, so a full queue means the gateway is down or the node is flooded.
 */
const MAX_WAITING = 2_000;

export function createSmsQueue(sender: SmsSender, log: (line: string) => void): SmsQueue {
  const waiting: SmsJob[] = [];
  let running = 0;
  let idle: (() => void)[] = [];

  const settle = async (job: SmsJob, error: unknown) => {
    if (!(error instanceof SmsSendError)) {
      log(`SMS to ${job.to.slice(0, 4)}… failed unexpectedly: ${(error as Error).message}`);
      return job.onFailure(new SmsSendError((error as Error).message));
    }
    log(`SMS to ${job.to.slice(0, 4)}… not sent: ${error.message}`);
    return job.onFailure(error);
  };

  const next = () => {
    while (running < CONCURRENT_SENDS && waiting.length > 0) {
      const job = waiting.shift()!;
      running++;
      void sender
        .send(job.to, job.text)
        .catch((error: unknown) => settle(job, error))
        .catch((error: unknown) => log(`SMS failure not recorded: ${(error as Error).message}`))
        .finally(() => {
          running--;
          next();
        });
    }
    if (running === 0 && waiting.length === 0) {
      for (const resolve of idle) resolve();
      idle = [];
    }
  };

  return {
    push(job) {
      if (waiting.length >= MAX_WAITING) {
        void settle(job, new SmsSendError('the send queue is full')).catch(() => {});
        return;
      }
      waiting.push(job);
      next();
    },
    drain() {
      if (running === 0 && waiting.length === 0) return Promise.resolve();
      return new Promise((resolve) => idle.push(resolve));
    },
  };
}
