import { describe, expect, it } from 'vitest'
import type { FormLayout } from '../../../schemas/form-layout'
import { RATIO_TABLE_CONTROLS } from '../../../schemas/form-layout/table-fixture'
import { headerResult } from './data-entry-model'

/** Audit s9 F9: a result mapped to a measurement table shows the table's own result, as the server stores. */
describe('header result of a table', () => {
  const layout: FormLayout = { version: 2, title: 'R', controls: RATIO_TABLE_CONTROLS }
  const mapping = { resultField: 'ratios' }
  const pass = { measured: { value: 10, passOrFail: 'Pass' } }
  const fail = { measured: { value: 12, passOrFail: 'Fail' } }
  const unset = { measured: { value: null, passOrFail: '-' } }

  it("is '-' until a cell is answered, then the table's result", () => {
    expect(headerResult(layout, mapping, 'Test', { ratios: [unset] })).toBe('-')
    expect(headerResult(layout, mapping, 'Test', { ratios: null })).toBe('-')
    expect(headerResult(layout, mapping, 'Test', { ratios: [pass, pass] })).toBe('Pass')
    expect(headerResult(layout, mapping, 'Test', { ratios: [pass, fail] })).toBe('Fail')
    expect(headerResult(layout, mapping, 'Test', { ratios: [pass, unset] })).toBe('Fail')
  })
})
