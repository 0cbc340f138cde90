// Browser tests drive Debian's Chromium (no browser is ever downloaded). Installs it when missing and
// this process may (root with apt-get); otherwise explains what to run. The CJK font comes with it: the
// default language is Traditional Chinese, and without a CJK font the screenshots and the layout test
// would measure boxes instead of real glyph widths.
import { execSync } from 'node:child_process';
import fs from 'node:fs';

export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** Debian's fonts-noto-cjk puts this one file in place; its presence is the cheap check. */
export const CJK_FONT = '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc';

export function ensureChromium() {
  if (fs.existsSync(CHROMIUM) && fs.existsSync(CJK_FONT)) return true;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = fs.existsSync('/usr/bin/apt-get');
  if (!isRoot || !hasApt) {
    if (fs.existsSync(CHROMIUM)) {
      // A machine where we may not install: the tests still run, Chinese text just measures as boxes.
      console.warn('The CJK font is missing (apt-get install -y fonts-noto-cjk); Chinese renders as boxes.');
      return true;
    }
    console.error(
      `\nChromium was not found at ${CHROMIUM}. The browser tests need Debian's Chromium:\n` +
        '  sudo apt-get update && sudo apt-get install -y chromium fonts-noto-cjk\n' +
        '(or set CHROMIUM_PATH to a Chromium binary).\n',
    );
    return false;
  }
  console.log('Installing Debian chromium and the CJK font for the browser tests (apt-get, about a minute)…');
  try {
    execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-noto-cjk', { stdio: 'inherit' });
  } catch {
    console.error('\napt-get could not install chromium; install it by hand: apt-get install -y chromium fonts-noto-cjk\n');
    return false;
  }
  return fs.existsSync(CHROMIUM) && fs.existsSync(CJK_FONT);
}

if (import.meta.url === `file://${process.argv[1]}`) process.exit(ensureChromium() ? 0 : 1);
