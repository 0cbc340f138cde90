/** Which ends of a horizontal scroller hide content: the fund log's filter chips show a fade there (decision 042). */
export function overflowSides(scrollLeft: number, clientWidth: number, scrollWidth: number): { start: boolean; end: boolean } {
  // One pixel of slack: zoom and sub-pixel layout leave fractions at either end.
  return { start: scrollLeft > 1, end: scrollLeft + clientWidth < scrollWidth - 1 };
}
