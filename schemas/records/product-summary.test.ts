import { describe, expect, it } from 'vitest'
import { summaryOf, type ProductSummary } from './product'

const day = (d: number) => new Date(Date.UTC(2026, 0, d))

describe('the product summary rule', () => {
  it('dates a product by its newest record and takes its status from its newest Test record', () => {
    const records = [
      { recordDate: day(2), category: 'test', testResult: 'fail' },
      { recordDate: day(5), category: 'despatch', testResult: '-' },
      { recordDate: day(3), category: 'test', testResult: 'pass' },
      { recordDate: day(1), category: 'test', testResult: 'fail' },
    ]
    let summary: ProductSummary | undefined
    for (const record of records) summary = summaryOf(summary, record)
    expect(summary).toEqual({ dateOfLastRecord: day(5), concludedAt: day(3), currentStatus: 'pass' })
  })

  it("reads n/a as 'other', leaves the status empty without a Test record, and lets a later tie win", () => {
    expect(
      summaryOf(undefined, { recordDate: day(1), category: 'test', testResult: '-' }).currentStatus,
    ).toBe('other')
    expect(summaryOf(undefined, { recordDate: day(1), category: 'calibration', testResult: 'pass' })).toEqual(
      {
        dateOfLastRecord: day(1),
        currentStatus: null,
      },
    )
    const first = summaryOf(undefined, { recordDate: day(1), category: 'test', testResult: 'pass' })
    expect(summaryOf(first, { recordDate: day(1), category: 'test', testResult: 'fail' }).currentStatus).toBe(
      'fail',
    )
  })
})
