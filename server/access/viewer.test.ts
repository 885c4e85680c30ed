import { describe, expect, it } from 'vitest'
import { PgDialect } from 'drizzle-orm/pg-core'
import { Viewer } from './viewer'

const dialect = new PgDialect()
const scopeOf = (viewer: Viewer) => {
  const scope = viewer.recordScope()
  return scope && dialect.sqlToQuery(scope)
}

describe('Viewer: one scope for every read and write', () => {
  it('lets configurators and admins read every record, category and supplier', () => {
    for (const claims of [{ IsAdmin: true }, { ITRConfigurator: true }]) {
      const viewer = new Viewer({ id: 1, claims })
      expect(viewer.seesEverything).toBe(true)
      expect(viewer.recordScope()).toBeUndefined()
      expect(viewer.supplierId).toBeUndefined()
      expect(viewer.mayUseCategory('calibration')).toBe(true)
      expect(() => viewer.assertOwnSupplier(99, 'no')).not.toThrow()
    }
  })

  it('limits a supplier user to its supplier and the categories of its ITRViewer claim', () => {
    const viewer = new Viewer({ id: 2, claims: { AssetManufacturerView: 7, ITRViewer: [1] } })
    expect(viewer.view).toBe('supplier')
    expect(viewer.supplierId).toBe(7)
    expect(viewer.categories).toEqual(['test'])
    expect(viewer.mayUseCategory('problemReport')).toBe(false)
    expect(() => viewer.assertOwnSupplier(8, 'Not your supplier.')).toThrow('Not your supplier.')
    expect(() => viewer.assertOwnSupplier(7, 'Not your supplier.')).not.toThrow()
    expect(scopeOf(viewer)).toMatchObject({
      sql: '("records"."supplier_id" = $1 and "records"."category" in ($2))',
      params: [7, 'test'],
    })
  })

  it('limits an internal user to its categories and reads nothing without any', () => {
    const despatch = new Viewer({ id: 3, claims: { ITRInternalUser: true, ITRViewer: [2] } })
    expect(despatch.supplierId).toBeUndefined()
    expect(scopeOf(despatch)?.params).toEqual(['despatch'])
    const none = new Viewer({ id: 4, claims: { ITRSubmitter: true } })
    expect(none.categories).toEqual([])
    expect(scopeOf(none)?.sql).toMatch(/^\(?false\)?$/)
  })

  it('knows the server itself as an administrator with no user row', () => {
    expect(Viewer.system.id).toBe(0)
    expect(Viewer.system.seesEverything).toBe(true)
  })
})
