import { describe, expect, it } from 'vitest'
import type { FormLayout } from './layout-schema'
import { checkRecordType, newMappingIssues } from './record-type-check'
import type { RecordTypeDraft } from './record-type-check'

const layout: FormLayout = {
  version: 2,
  title: 'T',
  controls: [
    { type: 'serial', variable: 'serial', label: 'Serial' },
    { type: 'datepicker', variable: 'date', label: 'Date' },
    {
      type: 'group',
      variable: 'result',
      label: 'Tests',
      children: [{ type: 'serial', variable: 'motor', label: 'Motor' }],
    },
  ],
}

const draft = (over: Partial<RecordTypeDraft> = {}): RecordTypeDraft => ({
  name: 'Pump test',
  captureType: 'form',
  category: 'Test',
  mappings: { serialField: 'serial', dateOfRecordField: 'date', resultField: 'result' },
  layout,
  ...over,
})

const messages = (d: RecordTypeDraft) => checkRecordType(d).map((i) => i.message)

describe('checkRecordType (SPEC §5 Record type save)', () => {
  it('passes a complete Test record type', () => {
    expect(checkRecordType(draft())).toEqual([])
  })

  it('checks the name', () => {
    expect(messages(draft({ name: '  ' }))).toEqual(['You must give the record type a name.'])
    expect(messages(draft({ name: 'x'.repeat(51) }))).toEqual(['Record name must not exceed 50 characters'])
    expect(messages(draft({ name: 'x'.repeat(50) }))).toEqual([])
  })

  it.each([
    ['Test', ['Serial Field', 'Date of Record Field', 'Test Result Field']],
    [
      'Despatch',
      [
        'Serial Field',
        'Job Number Field',
        'Batch Number Field',
        'Serialised Items Field',
        'Non-Serialised Items Field',
        'Customer Name Field',
        'Date of Record Field',
      ],
    ],
    ['Problem Report', ['Serial Field', 'Fault Items Field', 'Repair Items Field', 'Date of Record Field']],
    [
      'Calibration',
      [
        'Serial Field',
        'Date of Record Field',
        'Skip Calibration Field',
        'Calibration Certificate Field',
        'Calibration Frequency Field',
        'Calibration House Field',
        'Location Field',
        'Asset Tag Field',
        'Asset Description Field',
      ],
    ],
  ] as const)('requires the %s mapping fields', (category, labels) => {
    expect(messages(draft({ category, captureType: 'file', mappings: {} }))).toEqual(
      labels.map((l) => `${l} is required.`),
    )
  })

  it('needs a data entry form for form and both captures, not for file', () => {
    expect(messages(draft({ layout: null }))).toEqual(['No data entry form created'])
    expect(messages(draft({ captureType: 'both', layout: { controls: [] } }))).toEqual([
      'No data entry form created',
    ])
    expect(messages(draft({ captureType: 'file', layout: null }))).toEqual([])
  })

  it('finds every mapped variable, component serials included, in the form', () => {
    const result = checkRecordType(
      draft({
        mappings: {
          serialField: 'serial',
          dateOfRecordField: 'when',
          resultField: 'result',
          parentSerialField: 'parent',
          components: [
            { id: 1, serialField: 'pump', productType: { id: 3, name: 'Pump' } },
            { id: 2, serialField: 'motor', productType: { id: 4 } },
          ],
        },
      }),
    )
    expect(result).toEqual([
      { field: 'parentSerialField', message: 'Variable "parent" not found in data entry form' },
      { field: 'dateOfRecordField', message: 'Variable "when" not found in data entry form' },
      { field: 'components.0.serialField', message: 'Variable "pump" not found in data entry form' },
    ])
  })

  it('checks components', () => {
    expect(
      messages(
        draft({
          mappings: {
            ...draft().mappings,
            components: [
              { id: 1, serialField: '', productType: null },
              { id: 2, serialField: 'motor', productType: { id: null } },
            ],
          },
        }),
      ),
    ).toEqual([
      'You cannot select an empty product type for a component.',
      'You must specify a serial field for a component.',
      'You cannot select an empty product type for a component.',
    ])
  })

  it('a Calibration maps its as-found result to a test or a group only (issue #15.3)', () => {
    const calibration: FormLayout = {
      ...layout,
      controls: [
        ...layout.controls,
        { type: 'testField', testType: 'passFail', variable: 'asFoundCheck', label: 'As found' },
      ],
    }
    const mappings = {
      serialField: 'serial',
      dateOfRecordField: 'date',
      skipCalibrationField: 'serial',
      calibrationCertificateField: 'serial',
      calibrationFrequencyField: 'serial',
      calibrationHouseField: 'serial',
      locationField: 'serial',
      assetTagField: 'serial',
      assetDescriptionField: 'serial',
    }
    const asFound = (variable: string) =>
      checkRecordType(
        draft({
          category: 'Calibration',
          layout: calibration,
          mappings: { ...mappings, asFoundResultField: variable },
        }),
      )
    expect(asFound('asFoundCheck')).toEqual([])
    expect(asFound('result')).toEqual([])
    expect(asFound('date')).toEqual([
      {
        field: 'asFoundResultField',
        message:
          'As-Found Result Field "date" must be a test or a group: its Pass or Fail is the device\'s condition.',
      },
    ])
    expect(asFound('gone')).toEqual([
      { field: 'asFoundResultField', message: 'Variable "gone" not found in data entry form' },
    ])
    const asLeft = checkRecordType(
      draft({
        category: 'Calibration',
        layout: calibration,
        mappings: { ...mappings, asLeftResultField: 'serial' },
      }),
    )
    expect(asLeft.map((i) => i.field)).toEqual(['asLeftResultField'])
    // Optional: a Calibration without it saves as before.
    expect(checkRecordType(draft({ category: 'Calibration', layout: calibration, mappings }))).toEqual([])
  })

  it('rejects duplicate variables, nested ones included', () => {
    const dup: FormLayout = {
      ...layout,
      controls: [
        ...layout.controls,
        { type: 'row', children: [{ type: 'checkbox', variable: 'motor', label: 'x' }] },
      ],
    }
    expect(messages(draft({ layout: dup }))).toEqual(['Variable motor is already defined.'])
  })
})

describe('newMappingIssues (a layout replacing another under stored mappings)', () => {
  const { layout: _stored, ...stored } = draft({
    mappings: {
      serialField: 'serial',
      dateOfRecordField: 'date',
      resultField: 'result',
      parentSerialField: 'up',
    },
  })
  const renamed: FormLayout = {
    ...layout,
    controls: [{ type: 'serial', variable: 'sn', label: 'Serial' }, ...layout.controls.slice(1)],
  }
  const notFound = (field: string, variable: string) => ({
    field,
    message: `Variable "${variable}" not found in data entry form`,
  })

  it('is empty while the new layout keeps every variable the mappings use', () => {
    expect(newMappingIssues(stored, layout, layout)).toEqual([])
  })

  it('names what the new layout drops, not what the stored mappings lacked already', () => {
    // 'up' is missing from both layouts: an old problem, not the new layout's to fix.
    expect(newMappingIssues(stored, layout, renamed)).toEqual([notFound('serialField', 'serial')])
  })

  it('with no layout before (the editor deleted it), counts every missing variable of the new one', () => {
    expect(newMappingIssues(stored, null, layout)).toEqual([notFound('parentSerialField', 'up')])
    expect(newMappingIssues(stored, null, renamed)).toEqual([
      notFound('serialField', 'serial'),
      notFound('parentSerialField', 'up'),
    ])
  })
})

describe('record type editor rules (SPEC §4)', () => {
  it('a new type captures by file and is a Test', async () => {
    const { NEW_RECORD_TYPE } = await import('./record-type-check')
    expect(NEW_RECORD_TYPE).toEqual({ captureType: 'file', category: 'Test' })
  })

  it('Calibration forces form capture; Problem Report fixes fault/repair fields', async () => {
    const { applyCategory, allowedCaptureTypes } = await import('./record-type-check')
    const base = {
      captureType: 'file' as const,
      category: 'Test' as const,
      mappings: { serialField: 's', faultItemsField: 'mine' },
    }
    expect(applyCategory(base, 'Calibration')).toEqual({
      ...base,
      category: 'Calibration',
      captureType: 'form',
    })
    expect(allowedCaptureTypes('Calibration')).toEqual(['form'])
    expect(allowedCaptureTypes('Despatch')).toEqual(['file', 'form'])
    expect(applyCategory(base, 'Problem Report')).toEqual({
      captureType: 'file',
      category: 'Problem Report',
      mappings: {
        serialField: 's',
        faultItemsField: 'faultItems',
        faultDescriptivesField: 'faultDescriptives',
        repairItemsField: 'repairItems',
        repairDescriptivesField: 'repairDescriptives',
      },
    })
    expect(applyCategory(base, 'Despatch')).toEqual({ ...base, category: 'Despatch' })
  })
})
