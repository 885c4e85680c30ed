import { describe, expect, it } from 'vitest'
import type { FormLayout } from '../../schemas/form-layout/index'
import { DATA_VALIDATOR_CACHE_SIZE, dataValidatorFor, dataValidatorsCompiled } from './data-schema'

const layout = (label: string): FormLayout => ({
  version: 2,
  title: 'Cache',
  controls: [{ type: 'serial', variable: 'serial', label, required: true }],
})

describe('dataValidatorFor: one compiled validator per (record type, layout revision)', () => {
  it('compiles once and answers the same validator again', () => {
    const before = dataValidatorsCompiled()
    const first = dataValidatorFor(90001, 1, layout('Serial'))
    expect(dataValidatorFor(90001, 1, layout('Serial'))).toBe(first)
    expect(dataValidatorsCompiled()).toBe(before + 1)
    expect(first({})).toEqual([{ variable: 'serial', message: 'Serial is required.' }])
    expect(first({ serial: 'A:1' })).toEqual([])
  })

  it('compiles another revision, and the same revision number of another database, on their own', () => {
    const one = dataValidatorFor(90002, 1, layout('Serial'))
    const two = dataValidatorFor(90002, 2, layout('Meter serial'))
    expect(two).not.toBe(one)
    expect(two({})).toEqual([{ variable: 'serial', message: 'Meter serial is required.' }])
    const elsewhere = dataValidatorFor(90002, 1, layout('Unit serial'))
    expect(elsewhere({})).toEqual([{ variable: 'serial', message: 'Unit serial is required.' }])
  })

  it('keeps at most DATA_VALIDATOR_CACHE_SIZE layouts, dropping the least recently used', () => {
    const kept = dataValidatorFor(90003, 1, layout('Serial'))
    const dropped = dataValidatorFor(90004, 1, layout('Serial'))
    for (let i = 0; i < DATA_VALIDATOR_CACHE_SIZE - 1; i++) {
      dataValidatorFor(91000 + i, 1, layout('Serial'))
      // Used again all along: stays while the others push the cache past its size.
      expect(dataValidatorFor(90003, 1, layout('Serial'))).toBe(kept)
    }
    expect(dataValidatorFor(90004, 1, layout('Serial'))).not.toBe(dropped)
  })
})
