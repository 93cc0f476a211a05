// @vitest-environment happy-dom
// Which wallet a click finds: an EIP-1193 provider, a Solana wallet that can sign messages (Phantom's
// namespace first), or a clear "not installed" with a link.
import { describe, expect, it } from 'vitest'
import { chooseWallet, WalletMissing } from '../../demo/src/wallets.ts'
import { evmWallet, solanaWallet } from '../support/wallets.ts'

describe('choosing a wallet', () => {
  it('says which wallet is missing, with a link to get one', async () => {
    for (const [choice, summary] of [['injected', /No EVM wallet/], ['solana', /No Solana wallet/]] as const) {
      const error = await chooseWallet(choice, {}).catch((caught: unknown) => caught)
      expect(error).toBeInstanceOf(WalletMissing)
      expect((error as WalletMissing).view).toMatchObject({ code: 'wallet-missing', summary: expect.stringMatching(summary) })
      expect((error as WalletMissing).link.href).toMatch(/^https:\/\//)
    }
  })

  it('a Solana object without signMessage counts as missing', async () => {
    await expect(chooseWallet('solana', { solana: { publicKey: null } })).rejects.toBeInstanceOf(WalletMissing)
  })

  it('uses window.ethereum for the EVM wallet', async () => {
    const wallet = evmWallet()
    const chosen = await chooseWallet('injected', { ethereum: { request: async () => [wallet.walletAddress] } })
    expect(chosen.signer).toMatchObject({ address: wallet.walletAddress, walletType: 'evm' })
  })

  it('prefers Phantom\'s window.phantom.solana over window.solana', async () => {
    const phantom = solanaWallet()
    const other = solanaWallet()
    const asWallet = (address: string) => ({ publicKey: address, signMessage: async () => new Uint8Array(64) })
    const chosen = await chooseWallet('solana', { phantom: { solana: asWallet(phantom.walletAddress) }, solana: asWallet(other.walletAddress) })
    expect(chosen.signer).toMatchObject({ address: phantom.walletAddress, walletType: 'solana' })
  })
})
