import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const destination = fileURLToPath(new URL('./log-destination.ts', import.meta.url));

/** A process that logs through the destination and is killed before the event loop turns again. */
function logThenDie(levels: number[]): string {
  const script = `
    import { createLogDestination } from ${JSON.stringify(destination)};
    const out = createLogDestination();
    for (const level of ${JSON.stringify(levels)}) { out.lastLevel = level; out.write('level ' + level + '\\n'); }
    process.kill(process.pid, 'SIGKILL');
  `;
  const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8' });
  expect(child.signal).toBe('SIGKILL');
  return child.stdout;
}

describe('log destination', () => {
  it('has a warning and everything logged before it on disk even when the process is killed right after', () => {
    expect(logThenDie([30, 40])).toBe('level 30\nlevel 40\n');
    expect(logThenDie([30, 50])).toBe('level 30\nlevel 50\n');
  });

  it('batches info lines until the event loop turns (a kill before that loses them)', () => {
    expect(logThenDie([30, 20])).toBe('');
  });
});
