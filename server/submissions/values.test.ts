import { describe, expect, it } from 'vitest'
import { addFrequency, parseDate } from './values'

const day = (iso: string) => new Date(`${iso}T00:00:00.000Z`)
const expiry = (date: string, frequency: unknown) =>
  addFrequency(day(date), frequency, 'frequency')?.toISOString()

/** The 400 a call throws: its status and message. */
function refusal(call: () => unknown): { statusCode?: number; message: string } {
  try {
    call()
  } catch (e) {
    const error = e as { statusCode?: number; message: string }
    return { statusCode: error.statusCode, message: error.message }
  }
  throw new Error('expected a refusal')
}

describe('addFrequency', () => {
  it('adds the stated duration in whole months and days (fractions converted exactly)', () => {
    expect(expiry('2026-11-27', 'P0.5Y')).toBe('2027-05-27T00:00:00.000Z')
    expect(expiry('2026-11-27', 'P1.5Y')).toBe('2028-05-27T00:00:00.000Z')
    expect(expiry('2026-11-27', 'P12M')).toBe('2027-11-27T00:00:00.000Z')
    expect(expiry('2026-11-27', '12')).toBe('2027-11-27T00:00:00.000Z')
    expect(expiry('2026-11-27', 'P2W')).toBe('2026-12-11T00:00:00.000Z')
    expect(expiry('2026-11-27', 'P0.5W0.5D')).toBe('2026-12-01T00:00:00.000Z')
    expect(expiry('2026-11-27', 'PT48H')).toBe('2026-11-29T00:00:00.000Z')
    // Months on the calendar: the end of a month stays in the shorter month.
    expect(expiry('2026-01-31', 'P1M')).toBe('2026-02-28T00:00:00.000Z')
    expect(expiry('2026-11-27', null)).toBeUndefined()
    expect(expiry('2026-11-27', '')).toBeUndefined()
  })

  it('refuses a fraction that does not come to whole months and days, naming the field', () => {
    for (const frequency of ['P1.5M', 'P0.3Y', 'P1.5D', 'P1.5W', 'PT12H', '1.5'])
      expect(
        refusal(() => expiry('2026-11-27', frequency)),
        frequency,
      ).toEqual({
        statusCode: 400,
        message:
          `Calibration frequency ${frequency} in "frequency" does not come to whole months and days; ` +
          'enter whole months or days (e.g. P18M, P45D).',
      })
  })

  it('refuses an expiry past 31/12/9999 as that, fraction or not', () => {
    for (const frequency of ['P300000Y', 'PT99999999999999H', 'P100000.5M'])
      expect(refusal(() => expiry('2026-11-01', frequency)).message).toBe(
        `Calibration frequency ${frequency} in "frequency" gives an expiry date after 31/12/9999.`,
      )
  })

  it('refuses text that is no duration', () => {
    expect(refusal(() => expiry('2026-11-01', 'twelve')).message).toBe(
      '"twelve" in "frequency" is not a number.',
    )
  })
})

describe('parseDate (a record date)', () => {
  it('takes dates from 01/01/1900 to 31/12/9999', () => {
    expect(parseDate('1900-01-01', 'date').toISOString()).toBe('1900-01-01T00:00:00.000Z')
    // The clock as if it were 31/12/9999: the range's last minute is then not in the future.
    const late = Date.UTC(9999, 11, 31)
    expect(parseDate('31/12/9999 23:59', 'date', late).toISOString()).toBe('9999-12-31T23:59:00.000Z')
    expect(parseDate('2026-11-27', 'date').toISOString()).toBe('2026-11-27T00:00:00.000Z')
  })

  it('refuses a date outside that range, naming the field and the date as DD/MM/YYYY (UTC)', () => {
    for (const [text, written] of [
      ['0001-01-01', '01/01/0001'],
      ['01/01/0001', '01/01/0001'],
      ['1899-12-31', '31/12/1899'],
      ['0099-05-03', '03/05/0099'],
      ['1900-01-01T00:30:00+01:00', '31/12/1899 23:30'],
    ])
      expect(
        refusal(() => parseDate(text, 'calibrationDate')),
        text,
      ).toEqual({
        statusCode: 400,
        message: `"${written}" in "calibrationDate" is not a date from 01/01/1900 to 31/12/9999.`,
      })
  })

  it('takes a date up to a day after the clock: a day picked in a zone ahead of UTC', () => {
    const now = Date.UTC(2026, 10, 29, 17, 0)
    expect(parseDate('2026-11-30', 'date', now).toISOString()).toBe('2026-11-30T00:00:00.000Z')
    expect(parseDate('30/11/2026 17:00', 'date', now).toISOString()).toBe('2026-11-30T17:00:00.000Z')
  })

  it('refuses a later one, naming the field, the date as written back and today', () => {
    const now = Date.UTC(2026, 10, 29, 17, 0)
    for (const [text, back] of [
      ['2026-12-01', '01/12/2026'],
      ['30/11/2026 17:01', '30/11/2026 17:01'],
      ['2026-11-30T20:00:00+02:00', '30/11/2026 18:00'],
    ])
      expect(
        refusal(() => parseDate(text, 'testDate', now)),
        text,
      ).toEqual({
        statusCode: 400,
        message: `"${back}" in "testDate" is after today (29/11/2026): a record cannot be dated in the future.`,
      })
  })

  it('still refuses text that is no date as before', () => {
    expect(refusal(() => parseDate('31/02/2026', 'date')).message).toBe(
      '"31/02/2026" in "date" is not a valid date.',
    )
  })
})
