import { readsParameters, textDataReader, type TextDataReader } from '../../schemas/form-layout/index'
import type { TestParameter } from '../../schemas/entities/test-parameter'
import type { Db } from '../db/client'
import { TestParametersRepository } from '../product-types/test-parameters'
import type { RecordDefinition } from '../record-types/record-definitions'
import { dataValidatorFor, type RecordDataValidator } from './data-schema'

/**
 * What a SubmissionPreparer makes once and reuses for every record it prepares (a CSV file of 100,000 rows
 * asks for the same ones each row): each layout revision's data validator, CSV cell reader and whether it
 * reads test parameters (a search of the whole layout's JSON, too dear to repeat per row), and each
 * product type's resolved test parameters.
 */
export class DefinitionCaches {
  private readonly validators = new Map<string, RecordDataValidator>()
  private readonly readers = new Map<string, TextDataReader>()
  private readonly parameters = new Map<number, readonly TestParameter[]>()
  private readonly reads = new Map<string, boolean>()

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
    if (!definition.layout) return null
    const key = `${definition.id}:${definition.layoutRevision ?? '-'}`
    let validator = this.validators.get(key)
    if (!validator) {
      validator = dataValidatorFor(definition.id, definition.layoutRevision, definition.layout)
      this.validators.set(key, validator)
    }
    return validator
  }

  /** The CSV cell reader of the definition's layout, made once per instance (null without a layout). */
  readerOf(definition: RecordDefinition): TextDataReader | null {
    if (!definition.layout) return null
    const key = `${definition.id}:${definition.layoutRevision ?? '-'}`
    let reader = this.readers.get(key)
    if (!reader) this.readers.set(key, (reader = textDataReader(definition.layout)))
    return reader
  }

  /** Whether the definition's layout reads the product type's test parameters (false without a layout). */
  readsParameters(definition: RecordDefinition): boolean {
    if (!definition.layout) return false
    const key = `${definition.id}:${definition.layoutRevision ?? '-'}`
    let reads = this.reads.get(key)
    if (reads === undefined) this.reads.set(key, (reads = readsParameters(definition.layout)))
    return reads
  }
}
