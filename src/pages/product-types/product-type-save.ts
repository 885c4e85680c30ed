import { ATTRIBUTE_KEYS } from '../../../schemas/entities/attribute'
import type { Mapping, ProductType } from '../../../schemas/entities/product-type'
import { productTypesApi } from './product-types-api'
import type { ProductTypeForm } from './product-type-form'
import type { TestParameter } from '../../../schemas/entities/test-parameter'
import { parametersBody, parametersChanged } from './parameter-rows'

/** What was loaded for the product type being saved: the type itself and its parent mapping. */
export interface LoadedProductType {
  original: ProductType | null
  mapping: Mapping | null
  /** Its own stored test parameters. */
  ownParameters: readonly TestParameter[]
}

/** Not SPEC texts: the steps of a new product type's save, named in the banner of a part-way failure. */
export const CREATE_STEPS = {
  parent: 'its parent',
  recordTypes: 'its record types',
  noPrefix: 'the no serial number prefix setting',
  parameters: 'its test parameters',
} as const

/**
 * A new product type's save that failed after the product type itself was created: `id` is the new
 * product type (the next save updates it), `failed` the step that failed, `notTried` the steps after it.
 */
export class PartlySavedError extends Error {
  constructor(
    readonly id: number,
    readonly failed: string,
    readonly notTried: readonly string[],
    readonly reason: unknown,
  ) {
    super(failed)
  }
}

/**
 * Saves a checked form in the SPEC §4 "Product type save" order: the product type, its parent mapping,
 * its record types, the no-prefix attribute, then its test parameters (issue #14.4). For an existing type only what changed is written.
 * A new product type whose later step fails throws PartlySavedError with its id.
 * @param id the product type, or null to create one.
 */
export async function saveProductType(
  id: number | null,
  next: ProductTypeForm,
  loaded: LoadedProductType | undefined,
): Promise<void> {
  const parentId = next.isSubComponent ? next.parentId : null
  const recordTypeIds = next.recordTypes.map((r) => r.id!) as number[]
  const original = loaded?.original ?? null
  const body = {
    name: next.name,
    description: original?.description ?? next.name,
    assetTypeKey: original?.assetTypeKey ?? null,
    assetManufacturerId: original?.assetManufacturerId ?? null,
  }
  if (id == null) {
    const newId = await productTypesApi.create(body)
    const steps: [string, () => Promise<unknown>][] = []
    if (parentId != null) steps.push([CREATE_STEPS.parent, () => productTypesApi.setParent(parentId, newId)])
    steps.push([CREATE_STEPS.recordTypes, () => productTypesApi.setRecordTypes(newId, recordTypeIds)])
    if (next.noPrefix) steps.push([CREATE_STEPS.noPrefix, () => productTypesApi.addNoPrefix(newId)])
    if (next.parameters.length)
      steps.push([
        CREATE_STEPS.parameters,
        () => productTypesApi.setParameters(newId, parametersBody(next.parameters)),
      ])
    for (const [i, [name, run]] of steps.entries()) {
      try {
        await run()
      } catch (e) {
        throw new PartlySavedError(
          newId,
          name,
          steps.slice(i + 1).map(([later]) => later),
          e,
        )
      }
    }
    return
  }
  await productTypesApi.update(id, body)
  const oldParent = original && original.parent > 0 ? original.parent : null
  if (oldParent !== parentId) {
    // SPEC §4 "replace the parent mapping": the loaded mapping goes by DELETE /api/Mapping when another
    // parent takes its place; a parent removed outright by the child DELETE with its subject id.
    const mapping = loaded?.mapping
    if (oldParent != null && parentId != null && mapping) await productTypesApi.deleteMapping(mapping)
    else if (oldParent != null) await productTypesApi.removeParent(oldParent, mapping?.subjectId ?? id)
    if (parentId != null) await productTypesApi.setParent(parentId, id)
  }
  await productTypesApi.setRecordTypes(id, recordTypeIds)
  const hadNoPrefix = Boolean(original?.attributes.some((a) => a.key === ATTRIBUTE_KEYS.noSerialNumberPrefix))
  if (next.noPrefix && !hadNoPrefix) await productTypesApi.addNoPrefix(id)
  if (!next.noPrefix && hadNoPrefix) await productTypesApi.removeNoPrefix(id)
  if (parametersChanged(next.parameters, loaded?.ownParameters ?? []))
    await productTypesApi.setParameters(id, parametersBody(next.parameters))
}
