import { describe, expect, it } from 'vitest'
import type { FormLayout } from '../../schemas/form-layout'
import { compileLayout, emptyValues } from './compile-layout'

const layout: FormLayout = {
  version: 2,
  title: 'Pump test',
  controls: [
    { type: 'note', label: 'Wear gloves', col: 12 },
    {
      type: 'group',
      variable: 'electrical',
      label: 'Electrical',
      col: 6,
      children: [
        {
          type: 'row',
          children: [
            {
              type: 'testField',
              variable: 'ir',
              label: 'Insulation',
              testType: 'numeric',
              min: 0.25,
              max: 10,
              unit: 'MΩ',
              naOption: true,
              col: 4,
            },
            {
              type: 'testField',
              variable: 'colour',
              label: 'Colour',
              testType: 'selection',
              choices: ['Red', 'Green'],
              passChoice: 'Green',
            },
          ],
        },
        { type: 'testField', variable: 'ok', label: 'OK?', testType: 'yesNo' },
        { type: 'checkbox', variable: 'sealed', label: 'Sealed' },
      ],
    },
    { type: 'dropdown', variable: 'site', label: 'Site', values: ['North', 'South'] },
    {
      type: 'dropdown',
      variable: 'customer',
      label: 'Customer',
      source: 'customers',
      filterfield: 'site',
      filtervalue: 'siteName',
    },
    { type: 'multiselect', variable: 'faults', label: 'Faults', values: ['A', 'B', 'C'], maxValues: 2 },
    { type: 'datepicker', variable: 'date', label: 'Date', required: true },
    { type: 'multitext', variable: 'remarks', label: 'Remarks' },
    { type: 'singletext', variable: 'tag', label: 'Tag', barcode: true },
    { type: 'singletext', variable: 'plain', label: 'Plain' },
    { type: 'serial', variable: 'serial', label: 'Serial', required: true },
    { type: 'upload', variable: 'cert', label: 'Certificate', documentType: 'calibrationCertificate' },
    { type: 'upload', variable: 'photo', label: 'Photo' },
    { type: 'timespan', variable: 'freq', label: 'Frequency', unit: 'months' },
    { type: 'timespan', variable: 'broken', label: 'Broken' },
    { type: 'testEquipment', variable: 'equipment', label: 'Equipment', min: 2 },
    { type: 'testEquipment', variable: 'optionalEquipment', label: 'Optional equipment' },
  ],
}

const compiled = compileLayout(layout)
const props = compiled.schema.properties as Record<string, Record<string, unknown>>

describe('compileLayout: data schema', () => {
  it('keeps data flat: one property per variable in document order, groups included', () => {
    expect(Object.keys(props)).toEqual([
      'electrical',
      'ir',
      'colour',
      'ok',
      'sealed',
      'site',
      'customer',
      'faults',
      'date',
      'remarks',
      'tag',
      'plain',
      'serial',
      'cert',
      'photo',
      'freq',
      'broken',
      'equipment',
      'optionalEquipment',
    ])
    expect(compiled.schema).toMatchObject({
      type: 'object',
      title: 'Pump test',
      required: ['date', 'serial', 'equipment'],
    })
  })

  it('gives each kind its value shape', () => {
    // A group stores its computed result; API clients may also send an unset or n/a result.
    expect(props.electrical).toMatchObject({
      title: 'Electrical',
      enum: ['Pass', 'Fail', '-', 'n/a'],
      readOnly: true,
    })
    expect(props.ir).toMatchObject({
      type: ['object', 'null'],
      properties: { value: { type: ['number', 'null'] }, passOrFail: { enum: ['Pass', 'Fail', '-', 'n/a'] } },
    })
    expect(props.colour).toMatchObject({ properties: { value: { type: ['string', 'null'] } } })
    expect(props.sealed).toMatchObject({ title: 'Sealed', type: 'boolean' })
    expect(props.site).toMatchObject({
      title: 'Site',
      type: ['string', 'null'],
      enum: ['North', 'South', null],
    })
    expect(props.customer).toMatchObject({ title: 'Customer', type: ['string', 'null'] })
    expect(props.customer.enum).toBeUndefined()
    expect(props.faults).toMatchObject({
      type: ['array', 'null'],
      maxItems: 2,
      uniqueItems: true,
      items: { enum: ['A', 'B', 'C'] },
    })
    // Required: "not null" on its own, so an empty value and a value of the wrong type read differently.
    expect(props.date).toMatchObject({
      type: ['string', 'null'],
      not: { type: 'null' },
      anyOf: [{ format: 'date' }, { format: 'date-time' }],
    })
    expect(props.serial).toMatchObject({ type: ['string', 'null'], not: { type: 'null' }, minLength: 1 })
    expect(props.cert).toMatchObject({ type: ['object', 'null'], required: ['savedFilename', 'contentType'] })
    expect(props.freq).toMatchObject({ type: ['string', 'null'] })
    expect(props.freq.pattern).toEqual(expect.any(String))
    expect(props.equipment).toMatchObject({
      type: ['array', 'null'],
      not: { type: 'null' },
      items: { type: 'integer' },
      minItems: 2,
    })
    expect(props.optionalEquipment).toMatchObject({ type: ['array', 'null'] })
  })
})

describe('compileLayout: uiSchema', () => {
  const ui = compiled.uiSchema

  it('names a widget or field per kind, with label and column width', () => {
    const names = Object.fromEntries(
      Object.keys(props).map((v) => [v, ui[v]['ui:widget'] ?? `field:${ui[v]['ui:field']}`]),
    )
    expect(names).toEqual({
      electrical: 'groupResult',
      ir: 'field:testField',
      colour: 'field:testField',
      ok: 'field:testField',
      sealed: 'checkbox',
      site: 'itrDropdown',
      customer: 'itrDropdown',
      faults: 'field:itrMultiSelect',
      date: 'itrDate',
      remarks: 'textarea',
      tag: 'barcodeText',
      plain: 'text',
      serial: 'serialLookup',
      cert: 'field:documentUpload',
      photo: 'field:documentUpload',
      freq: 'timespan',
      broken: 'timespan',
      equipment: 'field:testEquipment',
      optionalEquipment: 'field:testEquipment',
    })
    expect(ui.ir['ui:title']).toBe('Insulation')
    expect(ui.ir['ui:options'].col).toBe(4)
    expect(ui.ok['ui:options'].col).toBe(12)
    expect(ui.electrical['ui:readonly']).toBe(true)
  })

  it('resolves control settings the widgets need', () => {
    expect(ui.ir['ui:options']).toMatchObject({
      testType: 'numeric',
      min: 0.25,
      max: 10,
      step: 0.01,
      unit: 'MΩ',
      naOption: true,
    })
    expect(ui.colour['ui:options']).toMatchObject({ choices: ['Red', 'Green'], passChoice: 'Green' })
    expect(ui.ok['ui:options']).toMatchObject({ choices: ['Yes', 'No'], passChoice: 'Yes', naOption: false })
    expect(ui.customer['ui:options']).toMatchObject({
      source: 'customers',
      filterfield: 'site',
      filtervalue: 'siteName',
    })
    expect(ui.faults['ui:options']).toMatchObject({ maxValues: 2, visibleValues: 5 })
    expect(ui.cert['ui:options']).toMatchObject({ documentType: 'calibrationCertificate', accept: ['.pdf'] })
    expect(ui.photo['ui:options'].accept).toEqual(['.docx', '.png', '.svg', '.xls', '.zip', '.pdf'])
    expect(ui.freq['ui:options']).toEqual({ col: 12, unit: 'months', min: 0 })
    expect(ui.broken['ui:options'].issue).toBe(
      'Unit of time is required for timespan controls, update the record type to enter Broken data',
    )
    expect(ui.equipment['ui:options']).toMatchObject({ min: 2 })
  })

  it('orders fields and carries the arrangement for the object template', () => {
    expect(ui['ui:order']).toEqual([...Object.keys(props), '*'])
    expect(compiled.tree.slice(0, 2)).toEqual([
      { kind: 'note', label: 'Wear gloves', col: 12 },
      {
        kind: 'group',
        label: 'Electrical',
        variable: 'electrical',
        col: 6,
        children: [
          {
            kind: 'row',
            children: [
              { kind: 'field', variable: 'ir', col: 4 },
              { kind: 'field', variable: 'colour' },
            ],
          },
          { kind: 'field', variable: 'ok' },
          { kind: 'field', variable: 'sealed' },
        ],
      },
    ])
    expect(ui['ui:options']).toEqual({ layout: compiled.tree })
  })

  it('reports an unknown test type in place instead of failing', () => {
    const bad = compileLayout({
      version: 2,
      title: 't',
      controls: [{ type: 'testField', variable: 'x', label: 'X', testType: 'colour' as 'numeric' }],
    })
    expect(bad.uiSchema.x['ui:options'].issue).toBe('A TestField was created here with an invalid test type')
  })
})

describe('emptyValues (SPEC §4)', () => {
  it('checkbox false, group Fail, others null', () => {
    const values = emptyValues(layout)
    expect(values).toEqual(compiled.defaults)
    expect(values).toMatchObject({
      electrical: 'Fail',
      sealed: false,
      ir: null,
      site: null,
      faults: null,
      equipment: null,
      freq: null,
    })
    expect(Object.values(values).filter((v) => v !== null)).toEqual(['Fail', false])
  })

  it('records which groups depend on which tests', () => {
    expect(compiled.dependents).toEqual({
      ir: ['electrical'],
      colour: ['electrical'],
      ok: ['electrical'],
      sealed: ['electrical'],
    })
  })
})
