// Wallets injected into the demo page as a browser extension would: an EIP-1193 provider
// (`window.ethereum`) and a Phantom-like `window.solana` with signMessage. The keys stay in Node
// (test/support/wallets.ts); the page reaches them through Playwright's exposeFunction. Each records
// the messages it was asked to sign, and can be told to refuse as a user would.
import type { Page } from 'playwright'
import { base58 } from '@scure/base'
import { evmWallet, solanaWallet } from '../support/wallets.ts'

export interface FakeWallets {
  evmAddress: string
  solanaAddress: string
  /** Every message a wallet was asked to sign, as text, in order. */
  signed: string[]
  /** The next signature requests are refused (EIP-1193 code 4001, "User rejected the request."). */
  refuse(on: boolean): void
}

export async function injectWallets(page: Page): Promise<FakeWallets> {
  const evm = evmWallet()
  const solana = solanaWallet()
  const signed: string[] = []
  let refusing = false
  await page.exposeFunction('__evmSign', (hex: string) => {
    const message = Buffer.from(hex.slice(2), 'hex').toString('utf8')
    signed.push(message)
    return refusing ? null : evm.sign(message)
  })
  await page.exposeFunction('__solanaSign', (bytes: number[]) => {
    const message = Buffer.from(bytes).toString('utf8')
    signed.push(message)
    return refusing ? null : Array.from(base58.decode(solana.sign(message)))
  })
  await page.addInitScript(({ evmAddress, solanaAddress }) => {
    type Sign<A, R> = (argument: A) => Promise<R | null>
    const scope = window as unknown as { __evmSign: Sign<string, string>; __solanaSign: Sign<number[], number[]>; ethereum: unknown; solana: unknown }
    const rejected = () => Object.assign(new Error('User rejected the request.'), { code: 4001 })
    scope.ethereum = {
      async request({ method, params }: { method: string; params?: unknown[] }) {
        if (method === 'eth_requestAccounts' || method === 'eth_accounts') return [evmAddress]
        if (method !== 'personal_sign') throw Object.assign(new Error(`unsupported ${method}`), { code: 4200 })
        const signature = await scope.__evmSign(params![0] as string)
        if (signature === null) throw rejected()
        return signature
      },
    }
    scope.solana = {
      isPhantom: true,
      publicKey: { toBase58: () => solanaAddress },
      async signMessage(message: Uint8Array) {
        const signature = await scope.__solanaSign(Array.from(message))
        if (signature === null) throw rejected()
        return { signature: Uint8Array.from(signature), publicKey: solanaAddress }
      },
    }
  }, { evmAddress: evm.walletAddress, solanaAddress: solana.walletAddress })
  return { evmAddress: evm.walletAddress, solanaAddress: solana.walletAddress, signed, refuse: (on) => (refusing = on) }
}
