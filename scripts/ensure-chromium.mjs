// Browser tests drive Debian's Chromium (no browser is ever downloaded). Installs it when missing and
// this process may (root with apt-get); otherwise explains what to run.
import { execSync } from 'node:child_process';
import fs from 'node:fs';

export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export function ensureChromium() {
  if (fs.existsSync(CHROMIUM)) return true;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = fs.existsSync('/usr/bin/apt-get');
  if (!isRoot || !hasApt) {
    console.error(
      `\nChromium was not found at ${CHROMIUM}. The browser tests need Debian's Chromium:\n` +
        '  sudo apt-get update && sudo apt-get install -y chromium\n' +
        '(or set CHROMIUM_PATH to a Chromium binary).\n',
    );
    return false;
  }
  console.log('Installing Debian chromium for the browser tests (apt-get, about 30 s)…');
  try {
    execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', { stdio: 'inherit' });
  } catch {
    console.error('\napt-get could not install chromium; install it by hand: apt-get install -y chromium\n');
    return false;
  }
  return fs.existsSync(CHROMIUM);
}

if (import.meta.url === `file://${process.argv[1]}`) process.exit(ensureChromium() ? 0 : 1);
