import type { FieldMappings, FormLayout, RecordCategory } from '../../schemas/form-layout/index'
import type { ReviewPolicy } from '../../schemas/records/review'
import { DEMO_CALIBRATION_TYPE } from './demo-calibration-layout'
import { DEMO_MOVEMENT_TYPES } from './demo-movement-layouts'
import { DEMO_TEST_TYPES } from './demo-test-layouts'

/** A demo record type: its category, capture, layout, mappings and the product types it is offered for. */
export interface DemoRecordType {
  name: string
  category: RecordCategory
  capture: 'file' | 'form'
  layout: FormLayout
  mappings: FieldMappings
  productTypes: number[]
  /** Issue #19: reviewed (and approved) before its records count; none when absent. */
  reviewPolicy?: ReviewPolicy
}

/** Realistic layouts for each record category (DESIGN.md: demo data). */
export const DEMO_RECORD_TYPES: DemoRecordType[] = [
  ...DEMO_TEST_TYPES,
  ...DEMO_MOVEMENT_TYPES,
  DEMO_CALIBRATION_TYPE,
]
