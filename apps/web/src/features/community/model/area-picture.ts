import { toUnits } from '@reef/contract';

/** The two bars of the area picture, as widths in percent of the drawing (0–100) and the small area's share. */
export interface AreaBars {
  /** Width of the large area's bar: the full drawing whenever anything was bought. */
  large: number;
  /** Width of the small area's bar, in proportion to the large one. */
  small: number;
  /** The small area's whole percent of both areas together (rounded down), for the text alternative. */
  smallShare: number;
}

/**
 * A bar that stands for a real, non-zero figure is never drawn thinner than this (percent of the drawing): at 360 px
 * a 1 USDT small area beside a 1,000,000 USDT large one would otherwise vanish and read as "nothing".
 */
export const MIN_VISIBLE_WIDTH = 2;

/**
 * The large and small areas (decimal strings, spec §3) as two bars on one scale: the large area fills the width, the
 * small one is its proportion. Computed on the amounts' exact units; only the final widths are numbers (geometry).
 * Widths are rounded down to a tenth of a percent, so a bar is never drawn longer than its figure.
 */
export function areaBars(largeArea: string, smallArea: string): AreaBars {
  const large = clampUnits(toUnits(largeArea));
  const small = clampUnits(toUnits(smallArea));
  // The server names the larger branch the large area; a drawing that disagrees would mislead, so scale to the larger.
  const scale = large > small ? large : small;
  if (scale === 0n) return { large: 0, small: 0, smallShare: 0 };
  const width = (units: bigint) => {
    if (units === 0n) return 0;
    const tenths = Number((units * 1000n) / scale) / 10;
    return Math.max(tenths, MIN_VISIBLE_WIDTH);
  };
  return { large: width(large), small: width(small), smallShare: Number((small * 100n) / (large + small)) };
}

function clampUnits(units: bigint): bigint {
  return units < 0n ? 0n : units;
}
