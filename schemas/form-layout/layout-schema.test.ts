import { describe, expect, it } from 'vitest'
import { validateLayout } from './validate-layout'

const layout = (controls: unknown[]) => ({ version: 2, title: 'Pump test', controls })

describe('formLayoutSchema', () => {
  it('accepts one control of every kind, nested in groups and rows', () => {
    const result = validateLayout(
      layout([
        { type: 'note', label: 'Read the manual first', col: 12 },
        {
          type: 'group',
          label: 'Electrical',
          variable: 'electrical',
          children: [
            {
              type: 'row',
              children: [
                {
                  type: 'testField',
                  variable: 'ir',
                  label: 'Insulation',
                  testType: 'numeric',
                  min: 0.5,
                  max: 10,
                  unit: 'MΩ',
                  naOption: true,
                  criteria: '>= 0.5',
                  testNumber: '1.1',
                  col: 6,
                },
                {
                  type: 'testField',
                  variable: 'colour',
                  label: 'Colour',
                  testType: 'selection',
                  choices: ['Red', 'Blue'],
                  passChoice: 'Red',
                },
                { type: 'testField', variable: 'ok', label: 'OK?', testType: 'yesNo' },
                {
                  type: 'testField',
                  variable: 'visual',
                  label: 'Visual',
                  testType: 'passFail',
                  passChoice: 'Pass',
                },
              ],
            },
            { type: 'checkbox', variable: 'sealed', label: 'Sealed' },
          ],
        },
        {
          type: 'dropdown',
          variable: 'customer',
          label: 'Customer',
          source: 'customers',
          filterfield: 'site',
          filtervalue: 'siteId',
        },
        {
          type: 'dropdown',
          variable: 'location',
          label: 'Location',
          endpoint: {
            name: 'locations',
            api: '/api/DeviceOwners/{owner}/Locations',
            urlParams: [
              { type: 'variable', name: 'owner', field: 'owner' },
              { type: 'param', name: 'x', value: '1' },
            ],
            outFields: ['name'],
          },
        },
        { type: 'multiselect', variable: 'faults', label: 'Faults', values: ['A', 'B'], maxValues: 2 },
        { type: 'datepicker', variable: 'date', label: 'Date' },
        { type: 'multitext', variable: 'notes', label: 'Notes' },
        { type: 'singletext', variable: 'tag', label: 'Tag', barcode: true },
        { type: 'serial', variable: 'serial', label: 'Serial', required: true },
        { type: 'upload', variable: 'cert', label: 'Certificate', documentType: 'calibrationCertificate' },
        { type: 'timespan', variable: 'freq', label: 'Frequency', unit: 'months' },
        { type: 'testEquipment', variable: 'equipment', label: 'Equipment', min: 2 },
      ]),
    )
    expect(result).toMatchObject({ ok: true })
  })

  it('names the offending control and property', () => {
    const result = validateLayout(
      layout([
        {
          type: 'group',
          children: [{ type: 'checkbox', variable: 'a', label: 'A', colour: 'red' }, { type: 'nope' }],
        },
        { type: 'testField', variable: 'b', label: 'B', testType: 'selection' },
        { type: 'testField', variable: 'c', label: 'C', testType: 'yesNo', passChoice: 'Pass' },
        { type: 'checkbox', variable: '1st value', label: 'X', col: 13 },
      ]),
    )
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.issues).toEqual(
      expect.arrayContaining([
        { path: '/controls/0/children/0', message: 'unknown property "colour"' },
        { path: '/controls/0/children/1', message: 'unknown control type "nope"' },
        { path: '/controls/1', message: "must have required property 'choices'" },
        { path: '/controls/1', message: "must have required property 'passChoice'" },
        { path: '/controls/2/passChoice', message: 'must be one of "Yes", "No"' },
        { path: '/controls/3/variable', message: 'must match pattern "^[A-Za-z_][A-Za-z0-9_]*$"' },
        { path: '/controls/3/col', message: 'must be <= 12' },
      ]),
    )
    expect(result.issues).toHaveLength(7)
  })

  it('requires version 2, a title and controls', () => {
    const result = validateLayout({ controls: [] })
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.issues.map((i) => i.message)).toEqual([
      "must have required property 'version'",
      "must have required property 'title'",
    ])
    expect(validateLayout({ version: 1, title: '', controls: [] })).toMatchObject({
      ok: false,
      issues: [{ path: '/version', message: 'must be one of 2' }],
    })
  })

  it('requires variable and label on value controls and children on containers', () => {
    const result = validateLayout(layout([{ type: 'serial' }, { type: 'row' }]))
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.issues).toEqual([
      { path: '/controls/0', message: "must have required property 'variable'" },
      { path: '/controls/0', message: "must have required property 'label'" },
      { path: '/controls/1', message: "must have required property 'children'" },
    ])
  })
})
