import { describe, expect, it } from 'vitest'
import { canOpenPage, canSubmitRecords, navItemsFor, viewFromClaims } from './roles'

describe('viewFromClaims (SPEC §6 order: admin, configurator, manufacturer, internal)', () => {
  it.each([
    [{ IsAdmin: true, ITRConfigurator: true, AssetManufacturerView: 3 }, 'viewAll'],
    [{ ITRConfigurator: true, AssetManufacturerView: 3 }, 'configurator'],
    [{ AssetManufacturerView: 3, ITRInternalUser: true }, 'supplier'],
    [{ ITRInternalUser: true }, 'internal'],
    [{ ITRSubmitter: true }, 'internal'],
    [{ ITRViewer: [1] }, 'internal'],
    [{ ITRViewer: [] }, 'none'],
    [{}, 'none'],
    [null, 'none'],
  ] as const)('%j → %s', (claims, view) => {
    expect(viewFromClaims(claims as never)).toBe(view)
  })
})

describe('navItemsFor', () => {
  it('gives the supplier view Home and Add New Record only', () => {
    expect(navItemsFor('supplier').map((i) => i.label)).toEqual(['Home', 'Add New Record'])
  })
  it('gives no items without a role', () => {
    expect(navItemsFor('none')).toEqual([])
  })
  it("gives the configurator all eleven of SPEC §2's items and Impact Cases (issue #15.3)", () => {
    expect(navItemsFor('configurator')).toHaveLength(12)
    expect(navItemsFor('configurator').map((i) => i.label)).toContain('Impact Cases')
    expect(navItemsFor('internal').map((i) => i.label)).not.toContain('Impact Cases')
    expect(canOpenPage('internal', '/ImpactCases')).toBe(false)
    expect(canOpenPage('configurator', '/ImpactCases/3')).toBe(true)
  })
})

describe('canOpenPage', () => {
  it('decides by the first path segment, ignoring case', () => {
    expect(canOpenPage('supplier', '/DataEntry')).toBe(true)
    expect(canOpenPage('supplier', '/dataentry')).toBe(true)
    expect(canOpenPage('supplier', '/Suppliers')).toBe(false)
    expect(canOpenPage('internal', '/Suppliers/12')).toBe(true)
    expect(canOpenPage('internal', '/Calibrators')).toBe(false)
    expect(canOpenPage('configurator', '/Calibrators')).toBe(true)
  })
  it('always allows an empty first segment', () => {
    expect(canOpenPage('none', '/')).toBe(true)
  })
})

describe('canSubmitRecords', () => {
  it('lets submitters, internal users, suppliers and configurators submit, not a viewer only', () => {
    expect(canSubmitRecords({ ITRViewer: [1] })).toBe(false)
    expect(canSubmitRecords({ ITRSubmitter: true })).toBe(true)
    expect(canSubmitRecords({ AssetManufacturerView: 1 })).toBe(true)
    expect(canSubmitRecords({ ITRConfigurator: true })).toBe(true)
  })
})
