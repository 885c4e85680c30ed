import type { DeviceOwner } from '../../../schemas/entities/device-owner'
import type { Supplier } from '../../../schemas/entities/supplier'
import type { FormLayout } from '../../../schemas/form-layout'

// Test data of use-data-entry.test.tsx: the layouts, record types, supplier and owner /DataEntry loads.

/** A Test layout: a serial, a checkbox, a group with a numeric test, a note. */
export const testLayout: FormLayout = {
  version: 2,
  title: 'Routine Test',
  controls: [
    { type: 'serial', variable: 'serial', label: 'Serial number', required: true },
    { type: 'checkbox', variable: 'visual', label: 'Visual check' },
    {
      type: 'group',
      variable: 'result',
      label: 'Tests',
      children: [
        { type: 'testField', testType: 'numeric', variable: 'ratio', label: 'Ratio', min: -0.5, max: 0.5 },
      ],
    },
    { type: 'singletext', variable: 'notes', label: 'Notes' },
  ],
}
/** A Despatch layout whose item group holds the serial. */
export const despatchLayout: FormLayout = {
  version: 2,
  title: 'Despatch Note',
  controls: [
    { type: 'singletext', variable: 'jobNumber', label: 'Job number' },
    {
      type: 'group',
      label: 'Item',
      children: [
        { type: 'serial', variable: 'itemSerial', label: 'Item serial' },
        { type: 'singletext', variable: 'itemNote', label: 'Item note' },
      ],
    },
  ],
}

/** A stored attribute: its value as JSON text. */
export const attr = (key: string, value: unknown) => ({ key, value: JSON.stringify(value) })
const recordType = (id: number, units: string, layout: FormLayout, mappings: object) => ({
  id,
  name: `${units} type`,
  sensorTypeId: 2,
  captureType: 'form' as const,
  units,
  layoutRevision: 3,
  attributes: [attr('DataEntryForm', layout), attr('FieldMappings', mappings)],
})
/** The Test layout with its ratio limit from the product type's `ratioMax` parameter (issue #14.4). */
export const parameterLayout: FormLayout = {
  ...testLayout,
  controls: testLayout.controls.map((c) =>
    c.type === 'group'
      ? {
          ...c,
          children: [
            {
              type: 'testField',
              testType: 'numeric',
              variable: 'ratio',
              label: 'Ratio',
              maxParam: 'ratioMax',
            },
          ],
        }
      : c,
  ),
}
/** The record types by id: Test, Despatch, Problem Report, Calibration, Test with a parameter limit. */
export const TYPES: Record<number, ReturnType<typeof recordType>> = {
  1: recordType(1, 'Test', testLayout, { serialField: 'serial', resultField: 'result' }),
  2: recordType(2, 'Despatch', despatchLayout, { serialField: 'itemSerial', jobNumberField: 'jobNumber' }),
  3: recordType(3, 'Problem Report', testLayout, { serialField: 'serial' }),
  4: recordType(4, 'Calibration', testLayout, { serialField: 'serial' }),
  5: recordType(5, 'Test', parameterLayout, { serialField: 'serial', resultField: 'result' }),
}

/** Supplier 5, whose Transformers are serialled NWT:1 to NWT:5000. */
export const SUPPLIER: Supplier = {
  id: 5,
  name: 'Northwind',
  attributes: [
    attr('SupplierProducts', [
      { id: 10, name: 'Transformer', serialRanges: [{ id: 1, prefix: 'NWT:', min: 1, max: 5000 }] },
    ]),
  ],
}

/** Owner 7, whose test equipment is serialled TE:1 to TE:99. */
export const OWNER: DeviceOwner = {
  id: 7,
  name: 'Grid Co',
  createdInItr: true,
  parent: null,
  testEquipmentSerialRanges: [{ id: 1, prefix: 'TE:', min: 1, max: 99 }],
  calibrationReminderContacts: [],
  locations: [],
  attributes: [],
}
