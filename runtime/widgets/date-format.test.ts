import { describe, expect, it } from 'vitest'
import { fromPickerText, toPickerText } from './date-format'

describe('toPickerText', () => {
  it.each([
    ['2024-03-07', '07-03-2024'],
    // A moment with its zone shows its UTC day, as the grid, the record page and the export do (SPEC §9).
    ['2026-11-30T00:30:00+02:00', '29-11-2026'],
    ['2026-11-30T00:30:00+0200', '29-11-2026'],
    ['2026-11-29T23:30:00-05:00', '30-11-2026'],
    ['2026-11-29T23:30:00.000Z', '29-11-2026'],
    // Without a zone the text is taken as written.
    ['2026-11-30T00:30:00', '30-11-2026'],
    ['2024-02-30', ''],
    ['not a date', ''],
    [null, ''],
  ])('%j → %j', (stored, shown) => expect(toPickerText(stored)).toBe(shown))
})

describe('fromPickerText', () => {
  it.each([
    ['07-03-2024', '2024-03-07'],
    ['7/3/2024', '2024-03-07'],
    ['31-02-2024', null],
  ])('%j → %j', (typed, stored) => expect(fromPickerText(typed)).toBe(stored))
})
