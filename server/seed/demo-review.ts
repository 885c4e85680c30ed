import type { DemoRecordType } from './demo-layouts'
import { daysAgo, testValue, type Submit } from './seed-values'

const RMU = 100203
/** The numeric tests' limits, stated once for the layout and for the values the seed submits. */
const SF6_KPA = { min: 130, max: 160 }
const CONTACT_MICRO_OHM = { min: 0, max: 80 }

/**
 * A demo record type whose records are reviewed and approved before they count (issue #19), so the demo
 * reviewer and approver have work on a fresh start: the seed leaves two Ring Main Unit commissioning tests
 * waiting in the reviewer's queue (server/seed/records.ts), one of them a Fail.
 */
export const REVIEW_RECORD_TYPE: DemoRecordType = {
  name: 'Ring Main Unit Commissioning Test',
  category: 'Test',
  capture: 'form',
  productTypes: [RMU],
  reviewPolicy: 'review-and-approve',
  mappings: { serialField: 'serialNumber', dateOfRecordField: 'testDate', resultField: 'result' },
  layout: {
    version: 2,
    title: 'Ring Main Unit Commissioning Test',
    controls: [
      {
        type: 'note',
        label: 'Commissioning tests before energising. A reviewer and an approver check every record.',
      },
      {
        type: 'row',
        children: [
          { type: 'serial', variable: 'serialNumber', label: 'RMU serial number', required: true, col: 6 },
          { type: 'datepicker', variable: 'testDate', label: 'Test date', required: true, col: 3 },
          { type: 'singletext', variable: 'testedBy', label: 'Tested by', col: 3 },
        ],
      },
      {
        type: 'group',
        variable: 'result',
        label: 'Commissioning tests',
        children: [
          {
            type: 'testField',
            testType: 'numeric',
            variable: 'sf6Pressure',
            label: 'SF6 gas pressure',
            unit: 'kPa',
            ...SF6_KPA,
            required: true,
          },
          {
            type: 'testField',
            testType: 'numeric',
            variable: 'contactResistance',
            label: 'Main contact resistance',
            unit: 'µΩ',
            ...CONTACT_MICRO_OHM,
            required: true,
          },
          {
            type: 'testField',
            testType: 'passFail',
            variable: 'interlockCheck',
            label: 'Mechanical interlocks',
            required: true,
          },
        ],
      },
      { type: 'multitext', variable: 'comments', label: 'Comments' },
    ],
  },
}

/** Two Ring Main Unit commissioning tests left waiting for the demo reviewer (issue #19), one a Fail. */
export async function seedReviewQueue(submit: Submit, contoso?: number, recordTypeId?: number) {
  if (!contoso || !recordTypeId) return
  const tests = [
    { pressure: 145, resistance: 42, interlocks: 'Pass' },
    { pressure: 121, resistance: 45, interlocks: 'Pass' },
  ]
  for (let i = 0; i < tests.length; i++) {
    const pressure = testValue(tests[i].pressure, SF6_KPA.min, SF6_KPA.max)
    const resistance = testValue(tests[i].resistance, CONTACT_MICRO_OHM.min, CONTACT_MICRO_OHM.max)
    await submit('single', {
      supplierId: contoso,
      productTypeId: RMU,
      recordTypeId,
      fileName: null,
      data: {
        serialNumber: `CRM:${101 + i}`,
        testDate: daysAgo(3 - i),
        testedBy: 'A. Patel',
        sf6Pressure: pressure,
        contactResistance: resistance,
        interlockCheck: { value: tests[i].interlocks, passOrFail: tests[i].interlocks },
        result: pressure.passOrFail === 'Pass' && resistance.passOrFail === 'Pass' ? 'Pass' : 'Fail',
        comments: i === 1 ? 'SF6 pressure low after filling; topped up, awaiting re-measure.' : null,
      },
    })
  }
}
