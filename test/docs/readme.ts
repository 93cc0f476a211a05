// What the docs tests look for in README.md.
import { fencedBlocks, shellCommands } from './markdown.ts'

/** The README's command that starts the exchange from a clone. */
export const EXCHANGE_COMMAND = 'npm run exchange'

/** The bash block that signs with openssl and sends with curl. */
export const isCurlScript = (body: string) => body.includes('openssl dgst') && body.includes('curl ')

/** The README's commands: each ```sh line, and each ```bash block as one script. */
export function readmeCommands(readme: string): string[] {
  return fencedBlocks(readme).flatMap((block) => {
    if (block.lang === 'sh') return shellCommands(block.body)
    if (block.lang === 'bash') return [block.body.trim()]
    return []
  })
}
