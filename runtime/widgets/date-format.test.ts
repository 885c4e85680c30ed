import { describe, expect, it } from 'vitest'
import { DATE_FORMAT_HINT, dateTextProblem, fromPickerText, toPickerText } from './date-format'

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

describe('dateTextProblem: one rule for the form’s date field and the filters’ DayText (walk 14)', () => {
  it.each([
    ['', null],
    ['  ', null],
    ['28-02-2026', null],
    ['29-02-2024', null],
    ['7/3/2024', null],
    // In the format, but no such day: said so, not 'Enter the date as dd-MM-yyyy.'.
    ['31-02-2026', '31-02-2026 is not a date.'],
    ['29-02-2025', '29-02-2025 is not a date.'],
    ['31-11-2026', '31-11-2026 is not a date.'],
    ['00-01-2026', '00-01-2026 is not a date.'],
    ['12-13-2026', '12-13-2026 is not a date.'],
    ['31/04/2026', '31/04/2026 is not a date.'],
    [' 31-02-2026 ', '31-02-2026 is not a date.'],
    // Not in the format: how to write it.
    ['31-02-20', 'Enter the date as dd-MM-yyyy.'],
    ['3', 'Enter the date as dd-MM-yyyy.'],
    ['2026-02-28', 'Enter the date as dd-MM-yyyy.'],
    ['07-3-2026', 'Enter the date as dd-MM-yyyy.'],
    ['x', 'Enter the date as dd-MM-yyyy.'],
  ])('%j → %j', (typed, problem) => expect(dateTextProblem(typed)).toBe(problem))

  it('keeps the format hint’s words', () => expect(DATE_FORMAT_HINT).toBe('Enter the date as dd-MM-yyyy.'))
})
