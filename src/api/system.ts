import type * as v from 'valibot'
import { operation, type Operation } from './operation.ts'
import type * as schemas from './system-responses.ts'

/** `serverTime`: UTC milliseconds. */
export interface ServerTime extends v.InferOutput<typeof schemas.serverTimeSchema> {}
export interface SystemHealth extends v.InferOutput<typeof schemas.systemHealthSchema> {}
export interface SystemInfo extends v.InferOutput<typeof schemas.systemInfoSchema> {}
export interface SystemStatus extends v.InferOutput<typeof schemas.systemStatusSchema> {}

/** System: open, no credential. */
export const systemOperations: {
  getTime: Operation<undefined, ServerTime>
  getHealth: Operation<undefined, SystemHealth>
  getInfo: Operation<undefined, SystemInfo>
  getStatus: Operation<undefined, SystemStatus>
} = {
  getTime: operation<ServerTime>({ method: 'GET', path: '/api/v1/system/time', auth: 'none', effect: 'public', source: 'spec', summary: 'Server time (UTC ms), used to measure clock drift' }),
  getHealth: operation<SystemHealth>({ method: 'GET', path: '/api/v1/system/health', auth: 'none', effect: 'public', source: 'spec', summary: 'Service health' }),
  getInfo: operation<SystemInfo>({ method: 'GET', path: '/api/v1/system/info', auth: 'none', effect: 'public', source: 'spec', summary: 'Exchange information' }),
  getStatus: operation<SystemStatus>({ method: 'GET', path: '/api/v1/system/status', auth: 'none', effect: 'public', source: 'spec', summary: 'System status' }),
}
