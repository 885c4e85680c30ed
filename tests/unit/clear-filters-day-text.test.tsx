import { readFileSync } from 'node:fs'
import { fireEvent, render, screen } from '@testing-library/react'
import { createStore, Provider } from 'jotai'
import type { ReactNode } from 'react'
import { MemoryRouter } from 'react-router-dom'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { StoredSession } from '../../src/api/session-storage'
import { auditApi } from '../../src/pages/audit/audit-api'
import AuditPage from '../../src/pages/audit/audit-page'
import { productsApi } from '../../src/pages/products/products-api'
import ProductsPage from '../../src/pages/products/products-page'
import { deviceHistoryApi } from '../../src/pages/test-equipment/device-history-api'
import { EquipmentUsageCard } from '../../src/pages/test-equipment/equipment-usage-card'
import { sessionAtom } from '../../src/session/session-atoms'

/**
 * Walk s13: a date box's text that is not a day clears its filter but stays in the box
 * (docs/decisions.md), and Clear Filters empties it too. On /Products Clear Filters went disabled, as no
 * filter was left, so the text could not be cleared with it; on a device's usage card it stayed enabled
 * but left the text. And on /Products the From box's hint floated over the To box, which covered it
 * when focused ('Ente…').
 */

vi.mock('../../src/pages/products/products-api', () => ({
  productsApi: { page: vi.fn(), productTypes: vi.fn(), parentOf: vi.fn(), byType: vi.fn() },
}))
vi.mock('../../src/pages/audit/audit-api', () => ({ auditApi: { page: vi.fn(), history: vi.fn() } }))
vi.mock('../../src/pages/test-equipment/device-history-api', () => ({
  deviceHistoryApi: { usage: vi.fn(), openLapsedCase: vi.fn() },
}))

/** What the box says of '31/02/2026': in the format, but no day (walk 14; date-format.ts `dateTextProblem`). */
const HINT = '31/02/2026 is not a date.'
const EMPTY = { totalCount: 0, totalPages: 0, result: [] }

function show(ui: ReactNode, at = '/') {
  const store = createStore()
  store.set(sessionAtom, { view: 'viewAll' } as StoredSession)
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[at]}>{ui}</MemoryRouter>
    </Provider>,
  )
}

/** Types text that is not a day into the box, and checks that it says why and is no filter. */
function typeUnreadable(box: HTMLElement) {
  fireEvent.change(box, { target: { value: '31/02/2026' } })
  expect(box).toHaveValue('31/02/2026')
  expect(box).toHaveAccessibleDescription(HINT)
}

/** Presses Clear Filters (enabled while the box shows the text), and checks the box and its hint are gone. */
function clearFilters(name: string) {
  const clear = screen.getByRole('button', { name: 'Clear Filters' })
  expect(clear).toBeEnabled()
  fireEvent.click(clear)
  const box = screen.getByRole('textbox', { name })
  expect(box).toHaveValue('')
  expect(box).not.toHaveAccessibleDescription(HINT)
  expect(screen.queryByText((_, el) => el?.textContent === HINT && el.id !== '')).toBeNull()
}

beforeEach(() => {
  vi.mocked(productsApi.page).mockResolvedValue(EMPTY)
  vi.mocked(auditApi.page).mockResolvedValue(EMPTY)
  vi.mocked(deviceHistoryApi.usage).mockResolvedValue(EMPTY as never)
})
afterEach(() => vi.clearAllMocks())

describe('Clear Filters empties a date box that shows text that is not a day', () => {
  it('/Products: the Last Record box (no filter left, yet Clear Filters is offered)', async () => {
    show(<ProductsPage />, '/Products')
    // With no filter at all there is nothing to clear.
    expect(screen.getByRole('button', { name: 'Clear Filters' })).toBeDisabled()
    const from = await screen.findByRole('textbox', { name: 'Last Record from' })
    typeUnreadable(from)
    clearFilters('Last Record from')
    expect(screen.getByRole('button', { name: 'Clear Filters' })).toBeDisabled()
  })

  it('/Audit: the From box', async () => {
    show(<AuditPage />, '/Audit')
    const from = await screen.findByRole('textbox', { name: 'From' })
    typeUnreadable(from)
    clearFilters('From')
  })

  it("a device's usage: the To box", async () => {
    show(<EquipmentUsageCard deviceId={1} serial="EPN-TE:1" />)
    const to = await screen.findByRole('textbox', { name: 'To' })
    typeUnreadable(to)
    clearFilters('To')
  })
})

describe('/Products: the Last Record hint', () => {
  beforeAll(() => {
    // The app's Bootstrap, as the browser reads it (jsdom cascades it; it computes no layout).
    const style = document.createElement('style')
    style.textContent = readFileSync('node_modules/bootstrap/dist/css/bootstrap.min.css', 'utf8')
    document.head.append(style)
  })

  it('takes a line of its own under its box, which the To box below cannot cover', async () => {
    show(<ProductsPage />, '/Products')
    const from = await screen.findByRole('textbox', { name: 'Last Record from' })
    typeUnreadable(from)
    const hint = screen.getByText((_, el) => el?.textContent === HINT && el.id !== '')
    const group = from.parentElement!
    expect(hint.parentElement).toBe(group)
    // In the flow (not floated over the next group), drawn after the box on a line of its own.
    expect(getComputedStyle(hint)).toMatchObject({ position: 'static', display: 'block', width: '100%' })
    expect(getComputedStyle(hint).order).toBe('6')
    expect(getComputedStyle(group).flexWrap).toBe('wrap')
    // The box stays the group's last child, so it keeps its rounded right corners.
    expect(group.lastElementChild).toBe(from)
  })
})
