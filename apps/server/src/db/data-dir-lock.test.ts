import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './data-dir-lock.js';

describe('data directory lock', () => {
  it('refuses a second owner while the first lives, and frees the dir on release', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reef-lock-'));
    const lockPath = path.join(dir, 'reef.lock');
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      fs.writeFileSync(lockPath, String(child.pid));
      expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
      expect(() => lockDataDir(dir)).toThrow(/in use by another Reef server/);
    } finally {
      child.kill();
    }
  });

  it('takes over a lock left by a process that is gone', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reef-lock-'));
    fs.writeFileSync(path.join(dir, 'reef.lock'), '999999999');
    const release = lockDataDir(dir);
    expect(fs.readFileSync(path.join(dir, 'reef.lock'), 'utf8')).toBe(String(process.pid));
    release();
    expect(fs.existsSync(path.join(dir, 'reef.lock'))).toBe(false);
  });
});
