import { describe, expect, it } from 'vitest'
import { duplicateParameterKey, parameterValues, resolveParameters } from '../entities/test-parameter'
import { judgeRecord } from './judge'
import type { FormLayout } from './layout-schema'
import { limitUnknown, resolveLimits } from './limits'
import type { TestFieldControl } from './control-schemas'

const layout: FormLayout = {
  version: 2,
  title: 'Losses',
  controls: [
    {
      type: 'group',
      variable: 'tests',
      label: 'Tests',
      children: [
        {
          type: 'testField',
          variable: 'loss',
          label: 'No-load loss',
          testType: 'numeric',
          maxParam: 'lossMax',
        },
        { type: 'testField', variable: 'ratio', label: 'Ratio', testType: 'numeric', min: 1, max: 2 },
      ],
    },
  ],
}

describe('test parameters with inheritance', () => {
  const levels = [
    { id: 3, name: 'Bushing 36kV', parameters: [{ key: 'lossMax', value: '120', unit: 'W' }] },
    {
      id: 2,
      name: 'Bushing',
      parameters: [
        { key: 'lossMax', value: '90' },
        { key: 'kind', value: 'oil' },
      ],
    },
    {
      id: 1,
      name: 'Transformer',
      parameters: [
        { key: 'ratio', value: '10.5', unit: null },
        { key: 'kind', value: 'dry' },
      ],
    },
  ]

  it('takes the nearest level of each key, says where it comes from, sorted by key', () => {
    expect(resolveParameters(levels)).toEqual([
      { key: 'kind', value: 'oil', unit: null, fromId: 2, fromName: 'Bushing' },
      { key: 'lossMax', value: '120', unit: 'W', fromId: 3, fromName: 'Bushing 36kV' },
      { key: 'ratio', value: '10.5', unit: null, fromId: 1, fromName: 'Transformer' },
    ])
  })

  it('reads numbers as numbers and anything else as text', () => {
    expect(
      parameterValues([
        { key: 'a', value: '10.5' },
        { key: 'b', value: 'I' },
        { key: 'c', value: '-2e3' },
      ]),
    ).toEqual({
      a: 10.5,
      b: 'I',
      c: -2000,
    })
  })

  it('finds a key listed twice', () => {
    expect(duplicateParameterKey([{ key: 'a' }, { key: 'b' }, { key: 'a' }])).toBe('a')
    expect(duplicateParameterKey([{ key: 'a' }, { key: 'b' }])).toBeUndefined()
  })
})

describe('limits from the product type', () => {
  const loss = (l: FormLayout) => (l.controls[0] as { children: TestFieldControl[] }).children[0]

  it('resolves a parameter limit and judges against it; other controls stay the same objects', () => {
    const { layout: resolved, missing } = resolveLimits(layout, { lossMax: 100 })
    expect(missing).toEqual([])
    expect(loss(resolved).max).toBe(100)
    expect((resolved.controls[0] as { children: unknown[] }).children[1]).toBe(
      (layout.controls[0] as { children: unknown[] }).children[1],
    )
    expect(judgeRecord(resolved, { loss: 101, ratio: 1.5 }).data.loss).toEqual({
      value: 101,
      passOrFail: 'Fail',
    })
    expect(judgeRecord(resolved, { loss: 99, ratio: 1.5 }).overall).toBe('Pass')
  })

  it('a layout without parameter limits is returned as it is', () => {
    const plain: FormLayout = { ...layout, controls: [] }
    expect(resolveLimits(plain, {}).layout).toBe(plain)
  })

  it('a missing or text parameter leaves the limit unknown: listed, and the test is not judged', () => {
    for (const params of [{}, { lossMax: 'high' }]) {
      const { layout: resolved, missing } = resolveLimits(layout, params)
      expect(missing).toEqual([{ variable: 'loss', key: 'lossMax' }])
      expect(limitUnknown(loss(resolved))).toBe(true)
      expect(judgeRecord(resolved, { loss: 5, ratio: 1.5 }).data.loss).toBeNull()
    }
  })

  it('a parameter limit wins over a fixed one of the same side', () => {
    const both = { ...layout, controls: [{ ...loss(layout), max: 1 }] }
    const resolved = resolveLimits(both, { lossMax: 50 }).layout.controls[0] as TestFieldControl
    expect(resolved.max).toBe(50)
  })
})
