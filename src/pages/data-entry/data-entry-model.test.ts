import { describe, expect, it } from 'vitest'
import type { FormLayout } from '../../../schemas/form-layout'
import { RATIO_TABLE_CONTROLS } from '../../../schemas/form-layout/table-fixture'
import { clearSerialGroup, headerResult, serialCheck, submitRoute } from './data-entry-model'

const layout: FormLayout = {
  version: 2,
  title: 'T',
  controls: [
    { type: 'singletext', variable: 'job', label: 'Job' },
    { type: 'serial', variable: 'lead', label: 'Lead' },
    {
      type: 'group',
      variable: 'items',
      label: 'Items',
      children: [
        { type: 'serial', variable: 'item', label: 'Item' },
        { type: 'testField', testType: 'yesNo', variable: 'sealed', label: 'Sealed' },
      ],
    },
  ],
}

describe('data entry rules', () => {
  it('routes submissions by category (SPEC §7), PUT only for an edited Problem Report', () => {
    expect(submitRoute('Test', false)).toBe('upload-single')
    expect(submitRoute('Problem Report', false)).toBe('upload-single')
    expect(submitRoute('Problem Report', true)).toBe('edit')
    expect(submitRoute('Test', true)).toBe('upload-single')
    expect(submitRoute('Calibration', false)).toBe('calibration')
    expect(submitRoute('Despatch', false)).toBe('despatch')
  })

  it('a group holding a measurement table has a header result once a cell is answered (issue #14)', () => {
    const ratios: FormLayout = { version: 2, title: 'R', controls: RATIO_TABLE_CONTROLS }
    const mapping = { resultField: 'ratioGroup' }
    const unset = { measured: null }
    expect(headerResult(ratios, mapping, 'Test', { ratioGroup: 'Fail', ratios: [unset] })).toBe('-')
    const answered = { measured: { value: 10, passOrFail: 'Pass' } }
    expect(headerResult(ratios, mapping, 'Test', { ratioGroup: 'Fail', ratios: [answered, unset] })).toBe(
      'Fail',
    )
  })

  it('has a header result only for Test records with a result variable; n/a counts as a pass', () => {
    const data = { items: 'Fail', sealed: null }
    expect(headerResult(layout, { resultField: 'items' }, 'Despatch', data)).toBeNull()
    expect(headerResult(layout, {}, 'Test', data)).toBeNull()
    expect(headerResult(layout, { resultField: 'items' }, 'Test', data)).toBe('-')
    expect(
      headerResult(layout, { resultField: 'sealed' }, 'Test', { sealed: { value: null, passOrFail: 'n/a' } }),
    ).toBe('Pass')
    expect(
      headerResult(layout, { resultField: 'items' }, 'Test', {
        items: 'Fail',
        sealed: { value: 'No', passOrFail: 'Fail' },
      }),
    ).toBe('Fail')
  })

  it('checks a serial against ranges, prefix separator optional, and bare serials only when allowed', () => {
    const rule = { ranges: [{ prefix: 'NWT:', min: 1, max: 10 }], prefixOptional: false }
    expect(serialCheck('', rule)).toBeNull()
    expect(serialCheck('NWT:5', undefined)).toBe(false)
    expect(serialCheck('NWT5', rule)).toBe(true)
    expect(serialCheck('NWT:11', rule)).toBe(false)
    expect(serialCheck('5', rule)).toBe(false)
    expect(serialCheck('5', { ...rule, prefixOptional: true })).toBe(true)
  })

  it('clears serials and the groups holding them (group result back to Fail), keeping the rest', () => {
    const empty = { job: null, lead: null, items: 'Fail', item: null, sealed: null }
    const data = {
      job: 'J1',
      lead: 'NWT:1',
      items: 'Pass',
      item: 'NWT:2',
      sealed: { value: 'Yes', passOrFail: 'Pass' },
    }
    expect(clearSerialGroup(layout, data, empty)).toEqual({
      job: 'J1',
      lead: null,
      items: 'Fail',
      item: null,
      sealed: null,
    })
  })
})
