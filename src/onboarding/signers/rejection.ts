import { ExchangeError, SigningCancelledError, SigningFailedError } from '../../errors.ts'

/** EIP-1193 "user rejected" (also Phantom's) and ethers v6's wrapper of it. */
const REJECTION_CODES = new Set<unknown>([4001, 'ACTION_REJECTED'])
const REJECTION_TEXT = /\buser (rejected|denied|declined|cancel+ed)\b/i

interface WalletFailure {
  code?: unknown
  name?: unknown
  message?: unknown
  cause?: unknown
  /** Solana wallet-adapter errors keep the wallet's own error here. */
  error?: unknown
}

/** Whether a wallet error means its owner said no: looks through wrappers (viem, ethers, wallet-adapter). */
export function isUserRejection(error: unknown): boolean {
  let current = error as WalletFailure | undefined
  for (let depth = 0; current && typeof current === 'object' && depth < 6; depth++) {
    if (REJECTION_CODES.has(current.code) || current.name === 'UserRejectedRequestError') return true
    if (typeof current.message === 'string' && REJECTION_TEXT.test(current.message)) return true
    current = (current.cause ?? current.error) as WalletFailure | undefined
  }
  return false
}

/** Wallets throw Errors, or (EIP-1193) plain `{ code, message }` objects. */
function describe(error: unknown): string {
  const { code, message } = (error ?? {}) as WalletFailure
  const text = typeof message === 'string' ? message : String(error)
  return code === undefined ? text : `${text} (code ${String(code)})`
}

/** Runs a wallet call, turning its failures into our typed errors. */
export async function walletCall<T>(address: string | undefined, declined: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call()
  } catch (error) {
    if (error instanceof ExchangeError) throw error
    if (isUserRejection(error)) throw new SigningCancelledError(address, error, declined)
    throw new SigningFailedError(`The wallet failed to ${declined}: ${describe(error)}`, { cause: error })
  }
}
