import { readFileSync } from 'node:fs'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router-dom'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { schemaColumns } from '../../runtime/grid/columns'
import { DataGrid } from '../../runtime/grid/data-grid'
import { EquipmentUsageCard } from '../../src/pages/test-equipment/equipment-usage-card'
import {
  NO_USAGE_FILTERS,
  type EquipmentUsageController,
} from '../../src/pages/test-equipment/use-equipment-usage'
import type * as UsageModule from '../../src/pages/test-equipment/use-equipment-usage'

/**
 * Two layout rules of src/styles.css (the usage card's date hint, a grid filter's ellipsis), read as the
 * browser reads them: jsdom applies the app's stylesheet to what the components render (layout itself is
 * not computed here; screenshots at 1366 and 400 px showed it).
 */

vi.mock('../../src/pages/test-equipment/use-equipment-usage', async (actual) => ({
  ...(await actual<typeof UsageModule>()),
  useEquipmentUsage: (): Partial<EquipmentUsageController> => ({
    filters: NO_USAGE_FILTERS,
    setFilters: () => undefined,
    query: { page: 0, size: 10, filter: {} },
    setQuery: () => undefined,
    rows: [],
    totalCount: 0,
    loading: false,
    error: null,
    reload: () => undefined,
    opening: false,
    openError: null,
  }),
}))

beforeAll(() => {
  const style = document.createElement('style')
  style.textContent = readFileSync('src/styles.css', 'utf8')
  document.head.append(style)
})

describe("a device's usage dates (test equipment page)", () => {
  const card = () =>
    render(
      <MemoryRouter>
        <EquipmentUsageCard deviceId={1} serial="EPN-TE:1" />
      </MemoryRouter>,
    )

  it('hangs the date hint under its box, out of the line the boxes align on', async () => {
    card()
    const from = screen.getByRole('textbox', { name: 'From' })
    const form = from.closest('form')!
    // No hint: the filters keep Bootstrap's gap.
    expect(getComputedStyle(form).rowGap).not.toBe('1.75rem')
    await userEvent.type(from, '31-02')
    const hint = screen.getByText(/^Enter the date as/)
    expect(hint.textContent).toBe('Enter the date as dd-MM-yyyy.')
    expect(from).toHaveAccessibleDescription('Enter the date as dd-MM-yyyy.')
    // The hint takes no height in the From column (which would lift its box above To) ...
    expect(getComputedStyle(hint)).toMatchObject({ position: 'absolute', top: '100%', left: '0px' })
    expect(getComputedStyle(hint.parentElement!).position).toBe('relative')
    // ... and the lines of filters open up by its height instead, so it covers nothing below.
    expect(getComputedStyle(form)).toMatchObject({ rowGap: '1.75rem', marginBottom: '1.75rem' })
  })

  it('gives both date boxes one width, so an invalid box does not push the other aside', () => {
    card()
    for (const name of ['From', 'To'])
      expect(getComputedStyle(screen.getByRole('textbox', { name }).parentElement!).width).toBe('14rem')
  })
})

describe("a grid's text filter in a narrow column", () => {
  it('ends a cut placeholder in an ellipsis; its title and accessible name say it whole', () => {
    const columns = schemaColumns<{ serial: string }>(
      { properties: { serial: { title: 'Serial Number' } } },
      ['serial'],
      { serial: { filter: true } },
    )
    render(<DataGrid label="Products" columns={columns} data={[{ serial: 'NWT:1' }]} />)
    const box = screen.getByRole('searchbox', { name: 'Filter by Serial Number' })
    expect(box).toHaveAttribute('placeholder', 'Filter Serial Number')
    expect(box).toHaveAttribute('title', 'Filter by Serial Number')
    expect(getComputedStyle(box).textOverflow).toBe('ellipsis')
  })
})
