import { api, ApiError } from '../../api/client'
import { ATTRIBUTE_KEYS, type Attribute } from '../../../schemas/entities/attribute'
import { DESCRIPTIVE_DOMAINS, type DescriptiveType } from '../../../schemas/entities/configuration'
import type { Descriptive, FaultRepairTypeListItem } from '../../../schemas/entities/fault-repair'
import type { ProductTypeListItem } from '../../../schemas/entities/product-type'
import { MESSAGES } from '../../../schemas/messages'
import { faultRepairItemsCheck } from '../../../schemas/rules/fault-repair-items'

const itemsPath = (productTypeId: number) =>
  `/api/AssetModels/attributes/${productTypeId}/${ATTRIBUTE_KEYS.faultRepairItems}`

/** A product type's item names, or null when it has no item list yet. */
async function itemNames(productTypeId: number): Promise<string[] | null> {
  try {
    const attr = await api.get<Attribute>('meta', itemsPath(productTypeId))
    return attr.value ? (JSON.parse(attr.value) as string[]) : []
  } catch (e) {
    if (e instanceof ApiError && e.status === 404) return null
    throw e
  }
}

/**
 * Writes a product type's item list after the shared SPEC rules (names required, unique per type),
 * POST when it has none yet, else PUT (SPEC §7).
 */
async function writeItemNames(productTypeId: number, names: string[], existed: boolean) {
  const checked = faultRepairItemsCheck(names)
  if (checked.error !== undefined) throw new Error(checked.error)
  const body = {
    key: ATTRIBUTE_KEYS.faultRepairItems,
    name: ATTRIBUTE_KEYS.faultRepairItems,
    description: 'Survey/repair items of the product type',
    value: JSON.stringify(checked.names),
  }
  if (existed) await api.put<void>('meta', itemsPath(productTypeId), body)
  else await api.post<void>('meta', itemsPath(productTypeId), body)
}

/** SPEC §8: a descriptive without a known category is 'Invalid survey/repair category'. */
function domainOf(type: string | null | undefined): string {
  const domain = type ? DESCRIPTIVE_DOMAINS[type as DescriptiveType] : undefined
  if (!domain) throw new Error(MESSAGES.surveyRepair.invalidCategory)
  return domain
}

const descriptiveBody = (type: string, name: string, id?: number) => ({
  domain: domainOf(type),
  ...(id !== undefined ? { id } : {}),
  key: name,
  value: name,
  description: name,
  shortDescription: name,
})

/** The survey/repair calls of SPEC §7: the {itr} listing, item lists on product types, {meta} descriptives. */
export const surveyRepairApi = {
  list: (signal?: AbortSignal) =>
    api.get<FaultRepairTypeListItem[]>('itr', '/api/faultRepairTypes', { signal }),
  descriptive: (id: number, signal?: AbortSignal) =>
    api.get<Descriptive>('itr', `/api/faultRepairTypes/descriptives/${id}`, { signal }),
  productTypes: (signal?: AbortSignal) =>
    api.get<ProductTypeListItem[]>('itr', '/api/productTypes', { signal }),

  /** Adds `name` to a product type's items. */
  async addItem(productTypeId: number, name: string) {
    const names = await itemNames(productTypeId)
    await writeItemNames(productTypeId, [...(names ?? []), name], names !== null)
  },
  /** Renames an item in place (keeping its position). */
  async renameItem(productTypeId: number, oldName: string, name: string) {
    const names = (await itemNames(productTypeId)) ?? []
    const at = names.findIndex((n) => n.toLowerCase() === oldName.toLowerCase())
    const next = at < 0 ? [...names, name] : names.map((n, i) => (i === at ? name : n))
    await writeItemNames(productTypeId, next, true)
  },
  async removeItem(productTypeId: number, name: string) {
    const names = (await itemNames(productTypeId)) ?? []
    await writeItemNames(
      productTypeId,
      names.filter((n) => n.toLowerCase() !== name.toLowerCase()),
      true,
    )
  },

  addDescriptive: (type: string, name: string) =>
    api.post<number>('meta', '/api/Configuration/', descriptiveBody(type, name)),
  updateDescriptive: (type: string, id: number, name: string) =>
    api.put<void>('meta', '/api/Configuration/', descriptiveBody(type, name, id)),
  deleteDescriptive: (type: string, id: number, name: string) =>
    api.delete<void>('meta', '/api/Configuration/', descriptiveBody(type, name, id)),
}
