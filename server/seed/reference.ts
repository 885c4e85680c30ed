import type { Db } from '../db/client'
import { assetManufacturers } from '../db/schema/index'
import type { DemoIds } from './demo-users'

/** Demo reference data: suppliers (more is added by the reference-data work). */
export async function seedReferenceData(db: Db): Promise<DemoIds> {
  const rows = await db
    .insert(assetManufacturers)
    .values([{ name: 'Northwind Transformers' }, { name: 'Contoso Switchgear' }, { name: 'Fabrikam Meters' }])
    .returning({ id: assetManufacturers.id })
  return { supplierId: rows[0].id }
}
