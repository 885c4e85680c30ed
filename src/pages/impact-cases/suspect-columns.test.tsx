import { render, screen } from '@testing-library/react'
import type { ReactElement } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { suspectColumns } from './suspect-columns'

// Walk s13: on a phone the page's select box sat alone above the cards with nothing drawn beside it.
describe('suspectColumns select-all box', () => {
  it('has a label drawn on phones only, which toggles it', () => {
    const toggleAll = vi.fn()
    const [select] = suspectColumns([], new Set(), vi.fn(), toggleAll, true)
    const header = select.header as () => ReactElement
    render(header())
    const caption = screen.getByText('Select every record on this page', { selector: 'span' })
    // Drawn on a phone only (the header row turns into 'Sort by' there), in the rows' weight, not a sort key's.
    expect(caption).toHaveClass('d-sm-none', 'fw-normal')
    const box = screen.getByRole('checkbox', { name: 'Select every record on this page' })
    expect(box.id).toBe('select-page-suspects')
    expect(caption.closest('label')?.htmlFor).toBe('select-page-suspects')
  })
})
