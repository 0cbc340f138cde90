import type { AssetKey } from '@reef/contract';
import { cx } from './class-names';

/**
 * An asset's badge: its glyph on its accent colour (the colours of the balance rows). Text, not artwork, so the
 * badge costs nothing to load and stays sharp; decorative, the symbol beside it is what a screen reader reads.
 */
const GLYPHS: Record<AssetKey, string> = {
  usdt: '₮',
  coin: 'R',
  rusd: '$',
  trade: 'T',
  fuel: 'F',
  mineral: 'M',
  game: 'G',
};

export function AssetIcon({ asset, className }: { asset: AssetKey; className?: string }) {
  return (
    <span className={cx('asset-icon', `balance--${asset}`, className)} aria-hidden="true">
      {GLYPHS[asset]}
    </span>
  );
}
