import * as v from 'valibot'
import { operation, type Operation } from '../operation.ts'
import { limit, limitQuery, MARKET_TYPES, pageEntries, text, type IntegerSchema, type LimitQuery, type TextSchema } from '../schemas.ts'
import type { Items, Page } from '../response-shapes.ts'
import type { PredictionMarket } from './markets.ts'
import type * as schemas from './responses.ts'

export interface CategoryCount extends v.InferOutput<typeof schemas.categoryCountSchema> {}
export interface TagCount extends v.InferOutput<typeof schemas.tagCountSchema> {}

const marketsQuery: v.OptionalSchema<v.StrictObjectSchema<{
  readonly page: v.OptionalSchema<IntegerSchema, undefined>
  readonly pageSize: v.OptionalSchema<IntegerSchema, undefined>
  readonly status: v.OptionalSchema<TextSchema, undefined>
  readonly category: v.OptionalSchema<TextSchema, undefined>
  readonly marketType: v.OptionalSchema<v.PicklistSchema<readonly ['binary', 'multi_outcome'], 'must be "binary" or "multi_outcome"'>, undefined>
  readonly tag: v.OptionalSchema<TextSchema, undefined>
}, undefined>, undefined> = v.optional(v.strictObject({
  status: v.optional(text(32)),
  category: v.optional(text(64)),
  marketType: v.optional(v.picklist(MARKET_TYPES, 'must be "binary" or "multi_outcome"')),
  tag: v.optional(text(64)),
  ...pageEntries,
}))
const searchInput: v.StrictObjectSchema<{
  readonly q: TextSchema
  readonly limit: v.OptionalSchema<IntegerSchema, undefined>
}, undefined> = v.strictObject({ q: text(200), limit: v.optional(limit) })

export type MarketsQuery = v.InferInput<typeof marketsQuery>
export interface SearchInput extends v.InferInput<typeof searchInput> {}

/** Prediction Discovery: open, no credential (paths of the real service). */
export const predictionDiscoveryOperations: {
  listCategories: Operation<undefined, CategoryCount[]>
  listMarkets: Operation<MarketsQuery, Page<PredictionMarket>>
  listActiveMarkets: Operation<LimitQuery, Items<PredictionMarket>>
  listEndingSoonMarkets: Operation<LimitQuery, Items<PredictionMarket>>
  listNewMarkets: Operation<LimitQuery, Items<PredictionMarket>>
  listTrendingMarkets: Operation<LimitQuery, Items<PredictionMarket>>
  searchMarkets: Operation<SearchInput, Items<PredictionMarket>>
  listTags: Operation<LimitQuery, TagCount[]>
} = {
  listCategories: operation<CategoryCount[]>({
    method: 'GET', path: '/api/v1/prediction/categories', auth: 'none', effect: 'public', source: 'real', specName: 'list categories with counts', summary: 'Categories with market counts',
  }),
  listMarkets: operation<Page<PredictionMarket>, MarketsQuery>({
    method: 'GET', path: '/api/v1/prediction/markets', auth: 'none', effect: 'public', source: 'real', specName: 'list markets with optional filtering',
    summary: 'Markets filtered by status, category, type or tag; page list',
    input: marketsQuery, example: { marketType: 'binary', page: 1, pageSize: 20 },
  }),
  listActiveMarkets: operation<Items<PredictionMarket>, LimitQuery>({
    method: 'GET', path: '/api/v1/prediction/markets/active', auth: 'none', effect: 'public', source: 'real', specName: 'list active markets',
    summary: 'Markets open for trading', input: limitQuery, example: { limit: 10 },
  }),
  listEndingSoonMarkets: operation<Items<PredictionMarket>, LimitQuery>({
    method: 'GET', path: '/api/v1/prediction/markets/ending-soon', auth: 'none', effect: 'public', source: 'real', specName: 'list markets ending soon',
    summary: 'Markets closest to their end time', input: limitQuery, example: { limit: 10 },
  }),
  listNewMarkets: operation<Items<PredictionMarket>, LimitQuery>({
    method: 'GET', path: '/api/v1/prediction/markets/new', auth: 'none', effect: 'public', source: 'real', specName: 'list recently created markets',
    summary: 'Recently created markets', input: limitQuery, example: { limit: 10 },
  }),
  listTrendingMarkets: operation<Items<PredictionMarket>, LimitQuery>({
    method: 'GET', path: '/api/v1/prediction/markets/trending', auth: 'none', effect: 'public', source: 'real', specName: 'list trending markets by volume',
    summary: 'Markets by volume', input: limitQuery, example: { limit: 10 },
  }),
  searchMarkets: operation<Items<PredictionMarket>, SearchInput>({
    method: 'GET', path: '/api/v1/prediction/search', auth: 'none', effect: 'public', source: 'real', specName: 'search markets',
    summary: 'Markets whose question matches the words', input: searchInput, example: { q: 'bitcoin', limit: 10 },
  }),
  listTags: operation<TagCount[], LimitQuery>({
    method: 'GET', path: '/api/v1/prediction/tags', auth: 'none', effect: 'public', source: 'real', specName: 'list popular tags',
    summary: 'Popular tags with counts', input: limitQuery, example: { limit: 20 },
  }),
}
