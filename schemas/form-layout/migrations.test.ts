import { describe, expect, it } from 'vitest'
import { loadLayout, migrateLayout, migrateV0toV1 } from './migrations'

const legacy = {
  title: 'Legacy pump test',
  controls: [
    {
      type: 'TestField',
      variable: 'ir',
      testType: 'Numeric',
      min: '0.5',
      max: '10',
      col: '6',
      naOption: 'true',
    },
    { type: 'testequipment', variable: 'eq', label: 'Equipment', min: '1' },
    {
      type: 'Group',
      label: 'G',
      children: [{ type: 'multiSelect', variable: 'm', label: 'M', values: 'a, b ,c', maxValues: '2' }],
    },
    { type: 'row' },
    { type: 'text', variable: 'tag', label: 'Tag', barcode: 'false', col: 20 },
  ],
}

describe('layout migrations', () => {
  it('lifts an unversioned legacy layout to a valid current layout, every control with an id', () => {
    const result = loadLayout(legacy)
    expect(result).toMatchObject({ ok: true, fromVersion: 0 })
    if (!result.ok) return
    expect(result.layout).toEqual({
      version: 2,
      title: 'Legacy pump test',
      controls: [
        {
          id: 'c1',
          type: 'testField',
          variable: 'ir',
          label: 'ir',
          testType: 'numeric',
          min: 0.5,
          max: 10,
          col: 6,
          naOption: true,
        },
        { id: 'c2', type: 'testEquipment', variable: 'eq', label: 'Equipment', min: 1 },
        {
          id: 'c3',
          type: 'group',
          label: 'G',
          children: [
            {
              id: 'c4',
              type: 'multiselect',
              variable: 'm',
              label: 'M',
              values: ['a', 'b', 'c'],
              maxValues: 2,
            },
          ],
        },
        { id: 'c5', type: 'row', children: [] },
        { id: 'c6', type: 'singletext', variable: 'tag', label: 'Tag', barcode: false, col: 12 },
      ],
    })
  })

  it('does not mutate its input', () => {
    const copy = structuredClone(legacy)
    migrateV0toV1(legacy)
    expect(legacy).toEqual(copy)
  })

  it('leaves a current layout as it is', () => {
    const current = {
      version: 2,
      title: 'T',
      controls: [{ id: 'a1', type: 'checkbox', variable: 'a', label: 'A' }],
    }
    expect(migrateLayout(current)).toEqual({ document: current, fromVersion: 2 })
    expect(loadLayout(current)).toEqual({ ok: true, layout: current, fromVersion: 2 })
  })

  it('gives version-1 controls stable ids, keeping the ones a v2 document has and filling the rest', () => {
    const v1 = {
      version: 1,
      title: 'T',
      controls: [
        { type: 'group', label: 'G', children: [{ type: 'checkbox', variable: 'a', label: 'A' }] },
        { type: 'note', label: 'N' },
      ],
    }
    expect(migrateLayout(v1).document).toEqual({
      version: 2,
      title: 'T',
      controls: [
        {
          id: 'c1',
          type: 'group',
          label: 'G',
          children: [{ id: 'c2', type: 'checkbox', variable: 'a', label: 'A' }],
        },
        { id: 'c3', type: 'note', label: 'N' },
      ],
    })
    // The same layout loads with the same ids every time.
    expect(loadLayout(v1)).toEqual(loadLayout(structuredClone(v1)))
    const partly = {
      version: 2,
      title: 'T',
      controls: [
        { type: 'note', label: 'N' },
        { id: 'c1', type: 'note', label: 'M' },
      ],
    }
    const loaded = loadLayout(partly)
    expect(loaded.ok && loaded.layout.controls.map((c) => c.id)).toEqual(['c2', 'c1'])
  })

  it('refuses a layout that gives two controls one id', () => {
    const twice = {
      version: 2,
      title: 'T',
      controls: [
        { id: 'x', type: 'note', label: 'N' },
        { id: 'g', type: 'group', label: 'G', children: [{ id: 'x', type: 'note', label: 'M' }] },
      ],
    }
    expect(loadLayout(twice)).toEqual({
      ok: false,
      issues: [
        { path: '/controls/1/children/0/id', message: 'Control id "x" is used by more than one control.' },
      ],
    })
  })

  it('gives a title and controls to a bare legacy document', () => {
    expect(migrateLayout({})).toEqual({ document: { version: 2, title: '', controls: [] }, fromVersion: 0 })
  })

  it('rejects documents it cannot read', () => {
    expect(loadLayout([1, 2])).toEqual({
      ok: false,
      issues: [{ path: '', message: 'A form layout must be a JSON object.' }],
    })
    expect(loadLayout({ version: 9, title: '', controls: [] })).toEqual({
      ok: false,
      issues: [{ path: '', message: 'Form layout version 9 is not supported.' }],
    })
  })

  it('reports what a migrated layout still gets wrong', () => {
    const result = loadLayout({ title: 'x', controls: [{ type: 'checkbox', label: 'no variable' }] })
    expect(result).toEqual({
      ok: false,
      issues: [{ path: '/controls/0', message: "must have required property 'variable'" }],
    })
  })
})

describe('validateFieldMappings', () => {
  it('accepts every SPEC mapping field and components, and rejects unknown keys', async () => {
    const { validateFieldMappings } = await import('./validate-layout')
    const mappings = {
      serialField: 's',
      parentSerialField: 'p',
      dateOfRecordField: 'd',
      resultField: 'r',
      components: [{ id: 1, serialField: 'm', productType: { id: 3, name: 'Motor' } }],
      jobNumberField: 'j',
      customerNameField: 'c',
      batchNumberField: 'b',
      faultItemsField: 'fi',
      faultDescriptivesField: 'fd',
      repairItemsField: 'ri',
      repairDescriptivesField: 'rd',
      skipCalibrationField: 'sk',
      calibrationCertificateField: 'cc',
      calibrationFrequencyField: 'cf',
      calibrationHouseField: 'ch',
      locationField: 'l',
      assetTagField: 'at',
      assetDescriptionField: 'ad',
      serialisedItemsField: 'si',
      nonSerialisedItemsField: 'ns',
    }
    expect(validateFieldMappings(mappings)).toEqual({ ok: true, mappings })
    expect(validateFieldMappings({ serialFeild: 's', components: [{ serialField: 'x' }] })).toEqual({
      ok: false,
      issues: [
        { path: '', message: 'unknown property "serialFeild"' },
        { path: '/components/0', message: "must have required property 'id'" },
      ],
    })
  })
})
