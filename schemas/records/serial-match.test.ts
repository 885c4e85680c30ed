import { describe, expect, it } from 'vitest'
import { matchSerial } from './serial-match'

const ranges = [
  { prefix: 'NWT:', min: 1, max: 5000 },
  { prefix: 'NWT:', min: 10000, max: 19999 },
]

describe('matchSerial', () => {
  it.each([
    ['NWT:123', { prefix: 'NWT:', value: '123' }],
    ['nwt123', { prefix: 'NWT:', value: '123' }],
    [' NWT:15000 ', { prefix: 'NWT:', value: '15000' }],
  ])('matches %s within a range', (text, expected) => {
    expect(matchSerial(text, ranges)).toEqual(expected)
  })

  it.each(['NWT:5001', 'NWT:0', 'ABC:10', 'NWT:12a', '123'])('refuses %s', (text) => {
    expect(matchSerial(text, ranges)).toBeUndefined()
  })

  it('matches bare numbers for ranges without a prefix, and for NoSerialNumberPrefix types', () => {
    expect(matchSerial('950000', [{ prefix: '', min: 900000, max: 999999 }])).toEqual({
      prefix: '',
      value: '950000',
    })
    expect(matchSerial('42', ranges, true)).toEqual({ prefix: '', value: '42' })
  })
})
