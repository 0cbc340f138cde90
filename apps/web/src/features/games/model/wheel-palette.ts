/**
 * The lucky wheel's slice colours: the Red Sea theme's light tones (base.css and the accents of chrome.css), ordered
 * so neighbours differ most. The old wheel alternated light tones with two navies of the page itself, and those
 * slices vanished into the background (issue 25 §6). Every tone here stands off the navy page and carries the
 * navy label drawn on it (checked by wheel-palette.test.ts); there is one per slice the operator may configure.
 */
export const WHEEL_COLOURS = [
  '#2ee6d6', // --turquoise
  '#ff7a66', // --coral
  '#f4d9a6', // --sand
  '#7aa7ff', // the blue accent
  '#3ee08f', // --positive
  '#ff8fc7', // the pink accent
  '#6f93a6', // the tiger shark's slate
  '#ffb347', // the amber accent
  '#b59cff', // the violet accent
  '#14b8c7', // --turquoise-deep
  '#e8f6f8', // --text
  '#8fb3c4', // --muted
] as const;

/** The label on every slice: --navy-950, the darkest tone of the theme. */
export const WHEEL_LABEL_COLOUR = '#04152b';

export function sliceColour(index: number): string {
  return WHEEL_COLOURS[index % WHEEL_COLOURS.length]!;
}

/** WCAG 2 contrast ratio of two #rrggbb colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((at) => {
      const c = Number.parseInt(hex.slice(at, at + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

/** One slice of the wheel as an SVG path on a circle of `radius` around the origin, angles clockwise from the top. */
export function slicePath(from: number, to: number, radius: number): string {
  const point = (degrees: number) => {
    const rad = (degrees * Math.PI) / 180;
    return `${Number((radius * Math.sin(rad)).toFixed(3))} ${Number((-radius * Math.cos(rad)).toFixed(3))}`;
  };
  return `M0 0 L${point(from)} A${radius} ${radius} 0 ${to - from > 180 ? 1 : 0} 1 ${point(to)} Z`;
}
