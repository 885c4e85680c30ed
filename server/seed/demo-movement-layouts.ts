import { PROBLEM_REPORT_FIXED_MAPPINGS } from '../../schemas/form-layout/index'
import type { DemoRecordType } from './demo-layouts'
import { TRANSFORMER, RMU, METER_1P, METER_3P, GENERIC } from './demo-ids'

/** The demo record types that move or report on equipment: a despatch note and a problem report. */
export const DEMO_MOVEMENT_TYPES: DemoRecordType[] = [
  {
    name: 'Despatch Note',
    category: 'Despatch',
    capture: 'form',
    productTypes: [TRANSFORMER, RMU, METER_1P, METER_3P],
    layout: {
      version: 2,
      title: 'Despatch Note',
      controls: [
        {
          type: 'row',
          children: [
            {
              type: 'serial',
              variable: 'serialNumber',
              label: 'Lead item serial number',
              col: 6,
              required: true,
            },
            { type: 'datepicker', variable: 'despatchDate', label: 'Despatch date', col: 3, required: true },
            { type: 'singletext', variable: 'jobNumber', label: 'Job number', col: 3, required: true },
          ],
        },
        {
          type: 'row',
          children: [
            {
              type: 'dropdown',
              variable: 'customer',
              label: 'Customer',
              source: 'customers',
              col: 6,
              required: true,
            },
            { type: 'singletext', variable: 'batchNumber', label: 'Batch number', col: 6, required: true },
          ],
        },
        {
          type: 'multitext',
          variable: 'serialisedItems',
          label: 'Serialised items (one serial number per line)',
        },
        {
          type: 'multitext',
          variable: 'nonSerialisedItems',
          label: 'Non-serialised items (one per line, with quantity)',
        },
      ],
    },
    mappings: {
      serialField: 'serialNumber',
      dateOfRecordField: 'despatchDate',
      jobNumberField: 'jobNumber',
      customerNameField: 'customer',
      batchNumberField: 'batchNumber',
      serialisedItemsField: 'serialisedItems',
      nonSerialisedItemsField: 'nonSerialisedItems',
    },
  },
  {
    name: 'Problem Report',
    category: 'Problem Report',
    capture: 'form',
    productTypes: [TRANSFORMER, RMU, METER_1P, GENERIC],
    layout: {
      version: 2,
      title: 'Problem Report',
      controls: [
        {
          type: 'row',
          children: [
            { type: 'serial', variable: 'serialNumber', label: 'Serial number', col: 6, required: true },
            { type: 'datepicker', variable: 'reportDate', label: 'Date found', col: 6, required: true },
          ],
        },
        {
          type: 'multiselect',
          variable: 'faultItems',
          label: 'Fault items',
          source: 'faultItems',
          maxValues: 5,
        },
        {
          type: 'multiselect',
          variable: 'faultDescriptives',
          label: 'Fault descriptives',
          source: 'faultDescriptives',
        },
        {
          type: 'multiselect',
          variable: 'repairItems',
          label: 'Repair items',
          source: 'repairItems',
          maxValues: 5,
        },
        {
          type: 'multiselect',
          variable: 'repairDescriptives',
          label: 'Repair descriptives',
          source: 'repairDescriptives',
        },
        { type: 'timespan', variable: 'repairTime', label: 'Time to repair', unit: 'hours' },
        { type: 'multitext', variable: 'notes', label: 'Notes' },
        { type: 'upload', variable: 'photo', label: 'Photo of the fault' },
      ],
    },
    mappings: {
      serialField: 'serialNumber',
      dateOfRecordField: 'reportDate',
      ...PROBLEM_REPORT_FIXED_MAPPINGS,
    },
  },
]
