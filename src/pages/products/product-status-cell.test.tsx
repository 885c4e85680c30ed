import { render } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { Product } from '../../../schemas/records'
import { ProductStatusCell } from './product-status-cell'

const product = (flags: Partial<Product>): Product => ({
  id: 5,
  serialNumber: '1003',
  productSerialNumber: 'NWT:1003',
  assetModelId: 100200,
  attributes: [],
  currentStatus: 'pass',
  ...flags,
})

/** The cell's badges, in order, as the user reads them. */
const badges = (p: Product) => {
  const { container } = render(<ProductStatusCell product={p} />)
  return [...container.querySelectorAll('.badge')].map((b) => [b.textContent, b.className])
}

// Issue #15.3: a recalled product must not read as a plain 'Pass'.
describe('ProductStatusCell', () => {
  it('shows the status alone when nothing is pending', () => {
    expect(badges(product({ retestRequired: false, recalled: false })).map(([t]) => t)).toEqual(['Pass'])
  })

  it("adds 'Retest required' for a pending retest", () => {
    expect(badges(product({ retestRequired: true, recalled: false })).map(([t]) => t)).toEqual([
      'Pass',
      'Retest required',
    ])
  })

  it("adds a red 'Recalled' for a pending recall, in place of 'Retest required' when both are", () => {
    for (const retestRequired of [false, true]) {
      const shown = badges(product({ retestRequired, recalled: true, pendingReview: true }))
      expect(shown.map(([t]) => t)).toEqual(['Pass', 'Recalled', 'pending review'])
      expect(shown[1][1]).toContain('bg-danger')
    }
  })
})
