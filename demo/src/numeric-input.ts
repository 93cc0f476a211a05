import { h, type Props } from './dom.ts'
import { decimalText, wholeText } from './format.ts'

/**
 * A text field for a number that refuses letters as they are typed or pasted: a decimal keeps digits
 * and one dot, a whole number digits only. (`type="number"` would take `e`, `+` and `-`, and hands
 * the page an empty string for what it cannot parse.)
 */
export function numericInput(kind: 'decimal' | 'whole', props: Props): HTMLInputElement {
  const keep = kind === 'decimal' ? decimalText : wholeText
  const input = h('input', { type: 'text', inputmode: kind === 'decimal' ? 'decimal' : 'numeric', autocomplete: 'off', ...props })
  input.addEventListener('input', () => {
    const kept = keep(input.value)
    if (kept === input.value) return
    // Keep the caret where it was, less the characters refused before it.
    const caret = keep(input.value.slice(0, input.selectionStart ?? input.value.length)).length
    input.value = kept
    input.setSelectionRange(caret, caret)
  })
  return input
}
