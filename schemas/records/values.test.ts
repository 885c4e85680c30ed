import { describe, expect, it } from 'vitest'
import { booleanOfText, dateOfText, isoDateOfText, resultOfWord } from './values'

const iso = (text: string) => dateOfText(text)?.date.toISOString()

describe('one reader of typed words and dates', () => {
  it.each([
    ['2026-03-01', '2026-03-01T00:00:00.000Z'],
    ['2026-03-01T09:30', '2026-03-01T09:30:00.000Z'],
    ['2026-03-01T09:30:15.250Z', '2026-03-01T09:30:15.250Z'],
    ['2026-03-01T09:30:00+02:00', '2026-03-01T07:30:00.000Z'],
    ['2026-03-01T09:30:00-0130', '2026-03-01T11:00:00.000Z'],
    ['2026-03-01 09:30:05', '2026-03-01T09:30:05.000Z'],
    ['01/03/2026', '2026-03-01T00:00:00.000Z'],
    ['1/3/2026 9:05', '2026-03-01T09:05:00.000Z'],
    ['01-03-2026 23:59:59', '2026-03-01T23:59:59.000Z'],
    ['  01/03/2026  ', '2026-03-01T00:00:00.000Z'],
    ['29/02/2028', '2028-02-29T00:00:00.000Z'],
    ['01/01/0999', '0999-01-01T00:00:00.000Z'],
  ])('reads %s as %s', (text, expected) => {
    expect(iso(text)).toBe(expected)
  })

  it.each([
    '31/02/2026',
    '2026-02-31',
    '2026-02-31T10:00:00Z',
    '29/02/2025',
    '01/03-2026',
    '2026-03-01 24:00',
    '2026-03-01T12:60',
    '2026/03/01',
    '03/2026',
    'tomorrow',
    '',
  ])('refuses %s', (text) => {
    expect(dateOfText(text)).toBeUndefined()
  })

  it('tells a date from a date and time', () => {
    expect(dateOfText('01/03/2026')?.timed).toBe(false)
    expect(dateOfText('01/03/2026 00:00')?.timed).toBe(true)
    expect(dateOfText('2026-03-01T00:00Z')).toMatchObject({ timed: true, zoned: true })
  })

  it.each([
    ['2026-03-01', '2026-03-01'],
    ['2026-03-01T09:30:00Z', '2026-03-01T09:30:00Z'],
    ['2026-03-01T09:30:00+02:00', '2026-03-01T09:30:00+02:00'],
    ['2026-03-01T09:30', '2026-03-01T09:30:00Z'],
    ['01/03/2026', '2026-03-01'],
    ['1-3-2026', '2026-03-01'],
    ['2026-03-01 09:30', '2026-03-01T09:30:00Z'],
    ['31/02/2026', undefined],
  ])('writes %s for the data schema as %s', (text, expected) => {
    expect(isoDateOfText(text)).toBe(expected)
  })

  it('reads yes/no and result words in any case', () => {
    expect(['Yes', 'y', 'TRUE', '1', 'on'].map(booleanOfText)).toEqual([true, true, true, true, true])
    expect(['No', 'n', 'false', '0', 'OFF'].map(booleanOfText)).toEqual([false, false, false, false, false])
    expect(booleanOfText('maybe')).toBeUndefined()
    expect(['Pass', 'passed', 'P', 'FAIL', 'failed', 'f', 'N/A', 'na'].map(resultOfWord)).toEqual([
      'pass',
      'pass',
      'pass',
      'fail',
      'fail',
      'fail',
      '-',
      '-',
    ])
    expect(resultOfWord('ok')).toBeUndefined()
  })
})
