import { sql } from 'drizzle-orm'
import { ATTRIBUTE_KEYS, TABLE_NAMES } from '../../schemas/entities/attribute'
import { CONFIG_DOMAINS, DESCRIPTIVE_DOMAINS, RECORD_CATEGORIES } from '../../schemas/entities/configuration'
import { PROTECTED_PRODUCT_TYPE_ID } from '../../schemas/entities/product-type'
import { seedParameters } from './demo-parameters'
import type { Db } from '../db/client'
import {
  assetManufacturers,
  assetModelParents,
  assetModels,
  calibrators,
  configurationEntries,
  customers,
  deviceOwnerLocations,
  deviceOwners,
  entityAttributes,
  faultRepairItems,
  supplierProducts,
  supplierSerialRanges,
} from '../db/schema/index'
import type { DemoIds } from './demo-users'

/** Demo product types: explicit ids (from 100200, so 100210 is the protected one), parent and serial ranges. */
const PRODUCT_TYPES: { id: number; name: string; parent?: number; noPrefix?: boolean; items?: string[] }[] = [
  {
    id: 100200,
    name: 'Distribution Transformer 11kV',
    items: ['Oil leak', 'Damaged bushing', 'Corroded tank', 'Replaced gasket'],
  },
  { id: 100201, name: 'Transformer Bushing', parent: 100200, items: ['Cracked porcelain'] },
  { id: 100202, name: 'On-load Tap Changer', parent: 100200 },
  { id: 100203, name: 'Ring Main Unit', items: ['SF6 pressure low', 'Interlock fault'] },
  { id: 100204, name: 'Circuit Breaker Module', parent: 100203 },
  { id: 100205, name: 'Smart Meter Single Phase', items: ['Display fault', 'Seal broken'] },
  { id: 100206, name: 'Smart Meter Three Phase' },
  { id: 100207, name: 'Meter Communications Hub', parent: 100206, noPrefix: true },
  { id: PROTECTED_PRODUCT_TYPE_ID, name: 'Generic Component', noPrefix: true },
]

/** Supplier name → its product types with serial ranges [prefix, min, max]. */
const SUPPLIERS: { name: string; products: { type: number; ranges: [string, number, number][] }[] }[] = [
  {
    name: 'Northwind Transformers',
    products: [
      {
        type: 100200,
        ranges: [
          ['NWT:', 1, 5000],
          ['NWT:', 10000, 19999],
        ],
      },
      { type: 100201, ranges: [['NWB:', 1, 10000]] },
      { type: 100202, ranges: [['NWC:', 1, 2000]] },
    ],
  },
  {
    name: 'Contoso Switchgear',
    products: [
      { type: 100203, ranges: [['CRM:', 1, 2000]] },
      { type: 100204, ranges: [['CCB:', 1, 2000]] },
      { type: PROTECTED_PRODUCT_TYPE_ID, ranges: [['', 900000, 999999]] },
    ],
  },
  {
    name: 'Fabrikam Meters',
    products: [
      { type: 100205, ranges: [['FSM:', 1, 100000]] },
      { type: 100206, ranges: [['FTM:', 1, 50000]] },
      { type: 100207, ranges: [['', 1, 99999]] },
    ],
  },
]

const OWNERS: {
  name: string
  createdInItr: boolean
  parent?: string
  ranges: [string, number, number][]
  contacts: string[]
  locations: string[]
}[] = [
  {
    name: 'Eastern Power Networks',
    createdInItr: false,
    ranges: [['EPN-TE:', 1, 999]],
    contacts: ['calibration@epn.example', 'stores@epn.example'],
    locations: ['Ipswich Depot', 'Norwich Workshop'],
  },
  {
    name: 'Western Grid Services',
    createdInItr: true,
    ranges: [
      ['WGS:', 1, 500],
      ['WGS-HV:', 1, 100],
    ],
    contacts: ['metrology@wgs.example'],
    locations: ['Bristol Test Lab', 'Swindon Stores', 'Mobile Van 3'],
  },
  {
    name: 'Western Grid Services North',
    createdInItr: true,
    parent: 'Western Grid Services',
    ranges: [['WGN:', 1, 250]],
    contacts: [],
    locations: ['Gloucester Depot'],
  },
]

const DESCRIPTIVES: { type: keyof typeof DESCRIPTIVE_DOMAINS; name: string }[] = [
  { type: 'Fault', name: 'Water ingress' },
  { type: 'Fault', name: 'Impact damage in transit' },
  { type: 'Repair', name: 'Replaced seal and retested' },
  { type: 'Repair', name: 'Cleaned contacts' },
  { type: 'Quotation', name: 'Quote for full refurbishment' },
]

/** Moves an identity/serial column's sequence past rows inserted with explicit ids. */
async function syncSequence(db: Db, table: string): Promise<void> {
  await db.execute(
    sql.raw(`SELECT setval(pg_get_serial_sequence('${table}', 'id'), (SELECT max(id) FROM ${table}))`),
  )
}

/**
 * Demo reference data: suppliers with product types and serial ranges, nested product types (with the
 * protected 100210), device owners with locations, contacts and test-equipment ranges, calibrators,
 * customers, record categories, survey/repair items and descriptives.
 * @returns the ids demo users' claims point at; `supplierId` is a supplier with products.
 */
export async function seedReferenceData(db: Db): Promise<DemoIds> {
  const suppliers = await db
    .insert(assetManufacturers)
    .values(SUPPLIERS.map((s) => ({ name: s.name })))
    .returning({ id: assetManufacturers.id })
  await seedProductTypes(db)
  await seedParameters(db)
  const supplierIds = suppliers.map(({ id }) => id)
  await seedSupplierProducts(db, supplierIds)
  await seedOwners(db)
  await seedLookups(db)
  return { supplierId: suppliers[0].id }
}

/** The product types with their parents, the no-prefix attribute and their fault/repair items. */
async function seedProductTypes(db: Db): Promise<void> {
  await db.insert(assetModels).values(PRODUCT_TYPES.map(({ id, name }) => ({ id, name, description: name })))
  await syncSequence(db, 'asset_models')
  await db
    .insert(assetModelParents)
    .values(PRODUCT_TYPES.filter((t) => t.parent).map((t) => ({ subjectId: t.id, parentId: t.parent! })))
  await db.insert(entityAttributes).values(
    PRODUCT_TYPES.filter((t) => t.noPrefix).map((t) => ({
      tableName: TABLE_NAMES.productType,
      entityId: t.id,
      key: ATTRIBUTE_KEYS.noSerialNumberPrefix,
      name: ATTRIBUTE_KEYS.noSerialNumberPrefix,
      value: 'true',
    })),
  )
  await db
    .insert(faultRepairItems)
    .values(
      PRODUCT_TYPES.flatMap((t) =>
        (t.items ?? []).map((name, position) => ({ assetModelId: t.id, name, position })),
      ),
    )
}

/** What each supplier offers, with the serial ranges of each product; `supplierIds` in SUPPLIERS order. */
async function seedSupplierProducts(db: Db, supplierIds: number[]): Promise<void> {
  for (const [index, supplier] of SUPPLIERS.entries()) {
    for (const [position, product] of supplier.products.entries()) {
      const [row] = await db
        .insert(supplierProducts)
        .values({ supplierId: supplierIds[index], assetModelId: product.type, position })
        .returning({ id: supplierProducts.id })
      await db
        .insert(supplierSerialRanges)
        .values(product.ranges.map(([prefix, min, max]) => ({ supplierProductId: row.id, prefix, min, max })))
    }
  }
}

/** The device owners in order (a parent before its children), with their ranges, contacts and locations. */
async function seedOwners(db: Db): Promise<void> {
  const ownerIds = new Map<string, number>()
  for (const owner of OWNERS) {
    const [row] = await db
      .insert(deviceOwners)
      .values({
        name: owner.name,
        createdInItr: owner.createdInItr,
        parentId: owner.parent ? ownerIds.get(owner.parent) : null,
        testEquipmentSerialRanges: owner.ranges.map(([Prefix, Min, Max], i) => ({
          Id: i + 1,
          Prefix,
          Min,
          Max,
        })),
        calibrationReminderContacts: owner.contacts,
      })
      .returning({ id: deviceOwners.id })
    ownerIds.set(owner.name, row.id)
    await db.insert(deviceOwnerLocations).values(owner.locations.map((name) => ({ ownerId: row.id, name })))
  }
}

/** Calibrators, customers, the record categories and the survey/repair descriptives. */
async function seedLookups(db: Db): Promise<void> {
  await db
    .insert(calibrators)
    .values([
      { name: 'Precision Calibration Ltd' },
      { name: 'Metrology Services UK' },
      { name: 'In-house Test Lab' },
    ])
  await db
    .insert(customers)
    .values([
      { name: 'Harbour City Council' },
      { name: 'Northern Rail Depot' },
      { name: 'Valley Water Authority' },
    ])

  // ITRCATEGORY ids 1..4 are what ITRViewer claims carry, so they are fixed.
  await db.insert(configurationEntries).values(
    RECORD_CATEGORIES.map((c) => ({
      id: c.id,
      domain: CONFIG_DOMAINS.category,
      key: c.value,
      value: c.value,
      description: c.value,
    })),
  )
  await syncSequence(db, 'configuration_entries')
  await db.insert(configurationEntries).values(
    DESCRIPTIVES.map((d) => ({
      domain: DESCRIPTIVE_DOMAINS[d.type],
      key: d.name,
      value: d.name,
      description: d.name,
      shortDescription: d.name,
    })),
  )
}
