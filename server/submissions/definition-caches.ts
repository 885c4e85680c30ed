import {
  readsParameters,
  textDataReader,
  type FieldMappings,
  type FormLayout,
  type TextDataReader,
} from '../../schemas/form-layout/index'
import type { TestParameter } from '../../schemas/entities/test-parameter'
import type { Db } from '../db/client'
import { TestParametersRepository } from '../product-types/test-parameters'
import type { RecordDefinition } from '../record-types/record-definitions'
import { dataValidatorFor, type RecordDataValidator } from './data-schema'
import { acceptedFields, type AcceptedFields } from './accepted-fields'

/**
 * What is made from a layout once and reused: its data validator, CSV cell reader, the fields a record
 * may hold and whether it reads test parameters (a search of the whole layout's JSON, too dear to repeat
 * per row). Keyed by the layout object itself: a record definition kept across requests
 * (RecordDefinitionCache) hands every submission the same frozen layout, so they are made once per
 * layout, not once per request.
 */
const validators = new WeakMap<FormLayout, RecordDataValidator>()
const readers = new WeakMap<FormLayout, TextDataReader>()
const reads = new WeakMap<FormLayout, boolean>()
const fields = new WeakMap<FormLayout, { mappings: FieldMappings; accepted: AcceptedFields }>()

/**
 * What a SubmissionPreparer asks once and reuses for every record it prepares (a CSV file of 100,000 rows
 * asks for the same ones each row): each product type's resolved test parameters, and the layout's
 * validator, reader and parameter use above.
 */
export class DefinitionCaches {
  private readonly parameters = new Map<number, readonly TestParameter[]>()

  constructor(private readonly db: Db) {}

  /** A product type's resolved test parameters (key, value, unit), asked once per instance. */
  async parametersOf(productTypeId: number | null | undefined): Promise<readonly TestParameter[]> {
    if (!productTypeId) return []
    let found = this.parameters.get(productTypeId)
    if (!found) {
      const resolved = await new TestParametersRepository(this.db).resolve(productTypeId)
      found = resolved.map(({ key, value, unit }) => ({ key, value, unit }))
      this.parameters.set(productTypeId, found)
    }
    return found
  }

  /** The validator of the definition's layout (null without a layout: file-only record types). */
  validatorOf(definition: RecordDefinition): RecordDataValidator | null {
    const { layout } = definition
    if (!layout) return null
    let validator = validators.get(layout)
    if (!validator) {
      validator = dataValidatorFor(definition.id, definition.layoutRevision, layout)
      validators.set(layout, validator)
    }
    return validator
  }

  /** The CSV cell reader of the definition's layout (null without a layout). */
  readerOf(definition: RecordDefinition): TextDataReader | null {
    const { layout } = definition
    if (!layout) return null
    let reader = readers.get(layout)
    if (!reader) readers.set(layout, (reader = textDataReader(layout)))
    return reader
  }

  /**
   * The fields a record of the definition may hold (accepted-fields.ts), null without a layout. Kept with
   * the mappings it was made with: a definition kept across requests hands both out unchanged.
   */
  acceptedFieldsOf(definition: RecordDefinition): AcceptedFields | null {
    const { layout, mappings } = definition
    if (!layout) return null
    let found = fields.get(layout)
    if (found?.mappings !== mappings)
      fields.set(layout, (found = { mappings, accepted: acceptedFields({ layout, mappings }) }))
    return found.accepted
  }

  /** Whether the definition's layout reads the product type's test parameters (false without a layout). */
  readsParameters(definition: RecordDefinition): boolean {
    const { layout } = definition
    if (!layout) return false
    let found = reads.get(layout)
    if (found === undefined) reads.set(layout, (found = readsParameters(layout)))
    return found
  }
}
