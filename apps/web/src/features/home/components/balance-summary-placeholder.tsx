/**
 * The signed-in total card's frame, drawn with the first-screen code while the card itself (lazy, with the full
 * catalogue) is on its way: the same classes, so the same box — the head's eye button, the figure's line, four action
 * tiles with their two-line labels — and the card arrives in place instead of pushing the shortcuts down (issue 25 §2,
 * issue 26: Home's layout shift was 0.79–1.43 when the card arrived above them).
 */
export function BalanceSummaryPlaceholder() {
  return (
    <section className="card balance-summary" aria-busy="true" data-testid="home-summary-placeholder">
      <div className="balance-summary__head">
        <span className="skeleton skeleton--short" />
        <span className="icon-button" />
      </div>
      <div className="balance-summary__figure">
        <span className="skeleton coin-stats__skeleton" />
      </div>
      <ul className="balance-summary__actions" aria-hidden="true">
        {[0, 1, 2, 3].map((i) => (
          <li key={i}>
            <span className="quick-link">
              <span className="quick-link__icon" />
              <span className="quick-link__label" />
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
