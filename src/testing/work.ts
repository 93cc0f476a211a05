/**
 * Counts the items a request visits (markets, orders, trades, keys, accounts), so a test can show
 * that a request's work does not grow with other accounts' state without timing anything.
 */
export class WorkMeter {
  visits = 0

  visit(count = 1): void {
    this.visits += count
  }
}
