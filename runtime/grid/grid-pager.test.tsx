import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { GridPager } from './grid-pager'

const pager = (totalCount: number, pageIndex = 0) =>
  render(
    <GridPager
      pageIndex={pageIndex}
      pageCount={Math.ceil(totalCount / 10)}
      pageSize={10}
      totalCount={totalCount}
      onPage={() => {}}
      label="Records"
    />,
  )

describe('GridPager', () => {
  it('shows an exact count with the page of pages', () => {
    pager(23, 1)
    expect(screen.getByText('Showing 11–20 of 23')).toBeInTheDocument()
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument()
  })

  it('shows a capped server count as "more than" and offers no last page', () => {
    pager(10_001)
    expect(screen.getByText('Showing 1–10 of more than 10,000')).toBeInTheDocument()
    expect(screen.getByText('Page 1')).toBeInTheDocument()
    expect(screen.getByLabelText('Last page').closest('li')).toHaveClass('disabled')
  })

  it('treats an exact count of 10,000 as exact', () => {
    pager(10_000)
    expect(screen.getByText('Showing 1–10 of 10,000')).toBeInTheDocument()
  })
})
