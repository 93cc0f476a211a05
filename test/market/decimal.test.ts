import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { bps, ceilTo, dec, div, floorTo, formatDecimal, fromE6, isMultipleOf, mul, parseDecimal, scale, toE6 } from '../../src/testing/market/decimal.ts'

describe('decimal text', () => {
  it('parses and formats without losing a digit', () => {
    for (const text of ['0', '1', '65000', '0.001', '-0.25', '1234567890123456789012.123456789012345678']) {
      expect(formatDecimal(dec(text))).toBe(text)
    }
  })

  it('formats the shortest form: no trailing zeros, no exponent', () => {
    expect(formatDecimal(dec('1.500'))).toBe('1.5')
    expect(formatDecimal(dec('0.000000000000000001'))).toBe('0.000000000000000001')
    expect(formatDecimal(dec('-0'))).toBe('0')
    expect(formatDecimal(dec('100000000000000000000000'))).toBe('100000000000000000000000')
  })

  it('refuses anything but plain decimal text', () => {
    for (const text of ['', '1e3', '.5', '1.', '+1', ' 1', '1,5', '0x10', 'NaN', '1.0000000000000000001']) {
      expect(parseDecimal(text), text).toBeUndefined()
    }
  })

  it('round-trips any decimal with up to 18 places', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }), (units) => {
        expect(parseDecimal(formatDecimal(units))).toBe(units)
      }),
    )
  })
})

describe('decimal arithmetic', () => {
  it('adds where floating point does not', () => {
    expect(formatDecimal(dec('0.1') + dec('0.2'))).toBe('0.3')
    expect(formatDecimal(mul(dec('65000.1'), dec('0.003')))).toBe('195.0003')
  })

  it('multiplies and divides exactly, truncating toward zero at the 18th place', () => {
    expect(formatDecimal(div(dec('1'), dec('3')))).toBe('0.333333333333333333')
    expect(formatDecimal(div(dec('-1'), dec('3')))).toBe('-0.333333333333333333')
    expect(formatDecimal(mul(dec('0.000000001'), dec('0.000000001')))).toBe('0.000000000000000001')
    expect(formatDecimal(scale(dec('10'), dec('1'), dec('3')))).toBe('3.333333333333333333')
    expect(() => div(dec('1'), 0n)).toThrow(RangeError)
  })

  it('rounds onto a grid in the asked direction', () => {
    const tick = dec('0.1')
    expect(formatDecimal(floorTo(dec('65000.19'), tick))).toBe('65000.1')
    expect(formatDecimal(ceilTo(dec('65000.11'), tick))).toBe('65000.2')
    expect(formatDecimal(ceilTo(dec('65000.1'), tick))).toBe('65000.1')
    expect(formatDecimal(floorTo(dec('-0.05'), tick))).toBe('-0.1')
    expect(isMultipleOf(dec('0.003'), dec('0.001'))).toBe(true)
    expect(isMultipleOf(dec('0.0035'), dec('0.001'))).toBe(false)
  })

  it('converts millionths and basis points', () => {
    expect(formatDecimal(fromE6(620_000))).toBe('0.62')
    expect(toE6(dec('0.6255559'))).toBe(625_555)
    expect(formatDecimal(bps(5))).toBe('0.0005')
  })

  it('keeps a × b / b = a for values on a 9-place grid', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 15n }), fc.bigInt({ min: 1n, max: 10n ** 12n }), (a, b) => {
        const x = a * 10n ** 9n
        const y = b * 10n ** 9n
        expect(div(mul(x, y), y)).toBe(x)
      }),
    )
  })
})
