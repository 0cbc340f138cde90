/**
 * Where the server's log lines go (file descriptor 1). Pino's default destination writes asynchronously, so
 * the warning or error that explains a crash can still sit in a buffer when the process dies. Here lines
 * below warn are gathered and written once per event-loop turn; a warn or error line is written at once,
 * synchronously, together with everything logged before it (order is kept).
 */
import fs from 'node:fs';

/** Pino's numeric level for warn. */
const WARN = 40;
/** Pino sets `lastLevel` on a stream that carries this symbol, just before calling write(). */
const PINO_METADATA = Symbol.for('pino.metadata');

export interface LogDestination {
  write(line: string): boolean;
  lastLevel: number;
  [PINO_METADATA]: true;
}

/** One per descriptor: every app built in this process shares it (and its exit hook). */
const destinations = new Map<number, LogDestination>();

export function createLogDestination(fd = 1): LogDestination {
  const existing = destinations.get(fd);
  if (existing) return existing;
  let pending = '';
  let scheduled = false;

  const flush = () => {
    scheduled = false;
    let data = Buffer.from(pending);
    pending = '';
    while (data.length > 0) {
      try {
        data = data.subarray(fs.writeSync(fd, data));
      } catch (error) {
        // A non-blocking pipe whose reader is slow: wait a moment and retry; anything else drops the batch
        // (a log line must never take the server down).
        if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') return;
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1);
      }
    }
  };
  process.on('exit', flush);

  const destination: LogDestination = {
    [PINO_METADATA]: true,
    lastLevel: 0,
    write(line: string) {
      pending += line;
      if (this.lastLevel >= WARN) flush();
      else if (!scheduled) {
        scheduled = true;
        setImmediate(flush);
      }
      return true;
    },
  };
  destinations.set(fd, destination);
  return destination;
}
