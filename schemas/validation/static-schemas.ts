import { calibratorWriteSchema } from '../entities/calibrator'
import { deviceOwnerWriteSchema, locationWriteSchema } from '../entities/device-owner'
import { surveyRepairFormSchema } from '../entities/fault-repair'
import { productTypeWriteSchema } from '../entities/product-type'
import { supplierWriteSchema } from '../entities/supplier'
import { fieldMappingsSchema } from '../form-layout/field-mappings'
import { formLayoutSchema } from '../form-layout/layout-schema'
import { certificateSettingsSchema } from '../settings'

/**
 * The schemas the browser validates that are known at build time, by export name: ajv compiles them
 * to standalone code during `vite build` (no `eval` in the browser, see docs/security.md). Any other
 * schema (record data, forms assembled from data) is validated by runtime/validation's interpreter;
 * a schema listed here is found by content, so a copy (e.g. without `$id`) still uses its precompiled
 * validator.
 */
export const STATIC_SCHEMAS = {
  formLayout: formLayoutSchema,
  fieldMappings: fieldMappingsSchema,
  supplierWrite: supplierWriteSchema,
  productTypeWrite: productTypeWriteSchema,
  deviceOwnerWrite: deviceOwnerWriteSchema,
  locationWrite: locationWriteSchema,
  calibratorWrite: calibratorWriteSchema,
  surveyRepairForm: surveyRepairFormSchema,
  certificateSettings: certificateSettingsSchema,
} as const

/** A name in `STATIC_SCHEMAS`. */
export type StaticSchemaName = keyof typeof STATIC_SCHEMAS

/** The schema as compiled: without `$id`, so ajv never sees one id twice and copies match by content. */
export function withoutSchemaId(schema: object): object {
  if (!('$id' in schema)) return schema
  const { $id: _id, ...rest } = schema as { $id?: unknown }
  return rest
}
