import type * as v from 'valibot'
import { operation } from './operation.ts'
import type * as schemas from './system-responses.ts'

/** `serverTime`: UTC milliseconds. */
export type ServerTime = v.InferOutput<typeof schemas.serverTimeSchema>
export type SystemHealth = v.InferOutput<typeof schemas.systemHealthSchema>
export type SystemInfo = v.InferOutput<typeof schemas.systemInfoSchema>
export type SystemStatus = v.InferOutput<typeof schemas.systemStatusSchema>

/** System: open, no credential. */
export const systemOperations = {
  getTime: operation<ServerTime>({ method: 'GET', path: '/api/v1/system/time', auth: 'none', source: 'spec', summary: 'Server time (UTC ms), used to measure clock drift' }),
  getHealth: operation<SystemHealth>({ method: 'GET', path: '/api/v1/system/health', auth: 'none', source: 'spec', summary: 'Service health' }),
  getInfo: operation<SystemInfo>({ method: 'GET', path: '/api/v1/system/info', auth: 'none', source: 'spec', summary: 'Exchange information' }),
  getStatus: operation<SystemStatus>({ method: 'GET', path: '/api/v1/system/status', auth: 'none', source: 'spec', summary: 'System status' }),
}
