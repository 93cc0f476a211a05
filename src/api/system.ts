import { operation } from './operation.ts'

export interface ServerTime {
  /** UTC milliseconds. */
  serverTime: number
}

export interface SystemHealth {
  status: string
  [field: string]: unknown
}

export interface SystemInfo {
  name?: string
  version?: string
  [field: string]: unknown
}

export interface SystemStatus {
  status: string
  [field: string]: unknown
}

/** System: open, no credential. */
export const systemOperations = {
  getTime: operation<ServerTime>({ method: 'GET', path: '/api/v1/system/time', auth: 'none', source: 'spec', summary: 'Server time (UTC ms), used to measure clock drift' }),
  getHealth: operation<SystemHealth>({ method: 'GET', path: '/api/v1/system/health', auth: 'none', source: 'spec', summary: 'Service health' }),
  getInfo: operation<SystemInfo>({ method: 'GET', path: '/api/v1/system/info', auth: 'none', source: 'spec', summary: 'Exchange information' }),
  getStatus: operation<SystemStatus>({ method: 'GET', path: '/api/v1/system/status', auth: 'none', source: 'spec', summary: 'System status' }),
}
