/** Everything the market holds, built once per exchange from the clock and the options. */
import { QUOTE } from './demo-data.ts'
import { Ledger } from './ledger.ts'
import { Lists } from './pages.ts'
import { type MarketPolicy, marketPolicy } from './policy.ts'
import { Championships } from './championship.ts'
import { DEFAULT_CHALLENGE_PERIOD_MS, Oracle } from './oracle.ts'
import { PerpDesk } from './perp.ts'
import { PredictionDesk } from './prediction.ts'
import { seededRandom } from '../prng.ts'
import { SpotDesk } from './spot.ts'
import { Treasury } from './treasury.ts'
import { IdSequence } from './venue.ts'
import { WorkMeter } from '../work.ts'

export interface MarketOptions {
  /** Server time in ms; the demo data is laid out around its value at creation. */
  now: () => number
  /** How long a proposed prediction result can be challenged (default 2 hours). */
  challengePeriodMs?: number
  /** Source of the prediction `txSignature` ids (default: a seeded, repeatable one). */
  random?: () => number
  /** The exchange's limits (batch, page size, leverage, outcomes, symbol case); see policy.ts. */
  policy?: Partial<MarketPolicy>
  /** Counts what requests visit (tests read it); default: a meter of its own. */
  work?: WorkMeter
}

/** Order, trade and record ids start above 2^53, as the real service's do. */
const FIRST_ID = 1_853_278_922_010_145_000n

export class MarketState {
  readonly ledger: Ledger = new Ledger()
  readonly perp: PerpDesk
  readonly spot: SpotDesk
  readonly prediction: PredictionDesk
  readonly championships: Championships
  readonly treasury: Treasury
  readonly policy: MarketPolicy
  readonly lists: Lists
  readonly work: WorkMeter

  constructor(options: MarketOptions) {
    const now = options.now()
    this.policy = marketPolicy(options.policy)
    this.lists = new Lists(this.policy.maxPageSize)
    const ids = new IdSequence(FIRST_ID)
    this.work = options.work ?? new WorkMeter()
    this.perp = new PerpDesk(this.ledger, ids, this.policy, this.work)
    this.spot = new SpotDesk(this.ledger, ids, this.policy, this.work)
    const oracle = new Oracle(this.ledger, { challengePeriodMs: options.challengePeriodMs ?? DEFAULT_CHALLENGE_PERIOD_MS, maxRounds: this.policy.maxChallengeRounds })
    this.prediction = new PredictionDesk(this.ledger, ids, oracle, options.random ?? seededRandom(1024), now, this.policy, this.work)
    this.championships = new Championships(now)
    this.treasury = new Treasury(this.ledger, ids)
    this.ledger.holdBack = (accountId, token) => (token === QUOTE ? this.perp.holdBackOf(accountId) : null)
  }

  /**
   * Brings every area up to `now` before a request is served: quotes, the triggers and liquidations
   * the prices reached, market closes, and the funding of the caller's (`accountId`) positions.
   */
  sync(now: number, accountId?: string): void {
    this.perp.sync(now, accountId)
    this.spot.sync(now)
    this.prediction.sync(now)
  }
}
