// The exchange CLI's flags. A value is the next argument whatever it looks like, so
// `--clock-offset-ms -5000` works as well as `--clock-offset-ms=-5000`; `--trust-proxy` takes an
// optional count of proxies (`--trust-proxy`, `--trust-proxy 2`, `--trust-proxy=2`); `--faults` may be given more than once.
import { FAULT_SPEC_HELP, parseFaultSpec } from '../faults/fault-spec.ts'
import type { FaultRule } from '../faults/faults.ts'

export const USAGE = `usage: exchange-client-exchange --port <n> [--host 127.0.0.1] [--seed <file.json>] [--clock-offset-ms <n>] [--trust-proxy [<proxies>]] [--cors-origins <origin,…|*>] [--faults <rules>]
  (the package's bin: npx exchange-client-exchange …; in this repository: npm run exchange -- …)
${FAULT_SPEC_HELP}`

export interface CliOptions {
  port: number
  host: string
  seed: string | undefined
  clockOffsetMs: number
  /** How many proxies in front add to X-Forwarded-For; 0: none, the socket's address is the caller's. */
  trustProxy: number
  /** Browser origins allowed (comma-separated, or `*`); undefined: localhost origins. */
  corsOrigins: string[] | '*' | undefined
  /** Fault rules to switch on (`--faults`), each with the text it came from. */
  faults: { spec: string; rules: FaultRule[] }[]
  help: boolean
}

const VALUED = ['port', 'host', 'seed', 'clock-offset-ms', 'cors-origins'] as const
type Valued = (typeof VALUED)[number]

function integer(value: string, name: string): number {
  if (!/^-?\d{1,15}$/.test(value)) throw new Error(`--${name} must be an integer, got "${value}"`)
  return Number(value)
}

/** Reads the flags; an unknown flag, a missing value or a malformed number throws naming the flag. */
export function parseCliArgs(args: readonly string[]): CliOptions {
  const values: Partial<Record<Valued, string>> = {}
  let trustProxy = 0
  let help = false
  const faults: CliOptions['faults'] = []
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!
    const [flag, inline] = arg.startsWith('--') && arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined]
    const name = flag.replace(/^--/, '')
    if (flag === '-h' || flag === '--help') help = true
    else if (flag === '--trust-proxy') {
      const next = inline ?? (/^\d+$/.test(args[i + 1] ?? '') ? args[++i] : undefined)
      trustProxy = next === undefined ? 1 : integer(next, 'trust-proxy')
    } else if (flag === '--faults') {
      const spec = inline ?? args[++i]
      if (spec === undefined) throw new Error('--faults needs a value')
      try {
        faults.push({ spec, rules: parseFaultSpec(spec) })
      } catch (error) {
        throw new Error(`--faults ${error instanceof Error ? error.message : String(error)}`)
      }
    } else if (flag.startsWith('--') && (VALUED as readonly string[]).includes(name)) {
      const value = inline ?? args[++i]
      if (value === undefined) throw new Error(`--${name} needs a value`)
      values[name as Valued] = value
    } else throw new Error(`unknown argument "${arg}"`)
  }
  const port = values.port === undefined ? 8787 : integer(values.port, 'port')
  if (port < 0 || port > 65535) throw new Error(`--port must be from 0 to 65535, got ${port}`)
  return {
    port,
    host: values.host ?? '127.0.0.1',
    seed: values.seed,
    clockOffsetMs: values['clock-offset-ms'] === undefined ? 0 : integer(values['clock-offset-ms'], 'clock-offset-ms'),
    trustProxy,
    corsOrigins: values['cors-origins'] === undefined ? undefined : values['cors-origins'] === '*' ? '*' : values['cors-origins'].split(','),
    faults,
    help,
  }
}
