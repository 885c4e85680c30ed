import { describe, expect, it } from 'vitest'
import {
  endpointRequest,
  filterOptions,
  itemsOf,
  listDependencies,
  sourceRequest,
  toOptions,
} from './list-source'

describe('named sources', () => {
  it.each([
    ['customers', {}, { host: 'meta', path: '/api/Customers' }],
    ['calibrators', {}, { host: 'itr', path: '/api/calibrators' }],
    ['locations', { ownerId: 12 }, { host: 'itr', path: '/api/DeviceOwners/12/Locations' }],
    [
      'faultItems',
      { productTypeId: 5 },
      { host: 'meta', path: '/api/AssetModels/attributes/5/FaultRepairItems' },
    ],
    [
      'repairItems',
      { productTypeId: 5 },
      { host: 'meta', path: '/api/AssetModels/attributes/5/FaultRepairItems' },
    ],
    ['faultDescriptives', {}, { host: 'meta', path: '/api/Configuration/ITRFAULTDESCRIPTIVE' }],
    ['repairDescriptives', {}, { host: 'meta', path: '/api/Configuration/ITRREPAIRDESCRIPTIVE' }],
  ])('%s', (source, context, expected) => {
    expect(sourceRequest(source, context)).toEqual(expected)
  })

  it('waits for the id a source needs, and names unknown sources', () => {
    expect(sourceRequest('locations', {})).toEqual({ waitingFor: 'device owner' })
    expect(sourceRequest('faultItems', {})).toEqual({ waitingFor: 'product type' })
    expect(sourceRequest('planets', {})).toEqual({ unknownSource: 'planets' })
  })
})

describe('endpoints', () => {
  const endpoint = {
    name: 'locations',
    api: '/api/DeviceOwners/{owner}/Locations',
    urlParams: [
      { type: 'variable' as const, name: 'owner', field: 'ownerVar' },
      { type: 'param' as const, name: 'active', value: 'true' },
      { type: 'other' as const, name: 'type', value: 'productTypeId' },
    ],
  }

  it('fills placeholders and the query string from variables, literals and context ids', () => {
    expect(endpointRequest(endpoint, { ownerVar: 'A B' }, { productTypeId: 9 })).toEqual({
      host: 'meta',
      path: '/api/DeviceOwners/A%20B/Locations?active=true&type=9',
    })
  })

  it('cannot ask while a variable it needs is empty', () => {
    expect(endpointRequest(endpoint, { ownerVar: null }, { productTypeId: 9 })).toEqual({
      waitingFor: 'ownerVar',
    })
    expect(listDependencies({ endpoint, filterfield: 'site' })).toEqual(['site', 'ownerVar'])
  })
})

describe('answers as choices', () => {
  it('reads lists, pages and attribute JSON lists', () => {
    expect(itemsOf([1])).toEqual([1])
    expect(itemsOf({ result: ['a'] })).toEqual(['a'])
    expect(itemsOf({ key: 'FaultRepairItems', value: '["x","y"]' })).toEqual(['x', 'y'])
    expect(itemsOf({ value: 'not json' })).toEqual([])
  })

  it('stores outField, else name, else value; shows outFields; drops duplicates', () => {
    expect(
      toOptions([{ name: 'A' }, { value: 'B', id: 2 }, 'C', { name: 'A' }], {}).map((o) => [
        o.value,
        o.label,
      ]),
    ).toEqual([
      ['A', 'A'],
      ['B', 'B'],
      ['C', 'C'],
    ])
    const spec = { outField: 'id', endpoint: { name: 'x', api: '/x', outFields: ['code', 'name'] } }
    expect(toOptions([{ id: 4, code: 'N1', name: 'North' }], spec).map((o) => [o.value, o.label])).toEqual([
      ['4', 'N1 - North'],
    ])
  })

  it('filters by the filter variable, or not at all while it is empty', () => {
    const options = toOptions(
      [
        { name: 'Bay', site: 'N' },
        { name: 'Yard', site: 'S' },
      ],
      {},
    )
    const spec = { filterfield: 'site', filtervalue: 'site' }
    expect(filterOptions(options, spec, 'S').map((o) => o.value)).toEqual(['Yard'])
    expect(filterOptions(options, spec, null)).toHaveLength(2)
  })
})
