import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter, Route, Routes } from 'react-router-dom'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { FormLayout } from '../../../schemas/form-layout'
import { ApiError } from '../../api/client'
import { dataEntryApi } from './data-entry-api'
import { attr, SUPPLIER } from './data-entry-test-fixtures'
import DataEntryPage from './data-entry-page'

// Audit h-entry F1, F2, F4: what the page's Save refuses, and where a refusal takes the user.

vi.mock('./data-entry-api', () => ({
  dataEntryApi: {
    recordType: vi.fn(),
    layoutRevision: vi.fn(),
    record: vi.fn(),
    productTypes: vi.fn(),
    supplier: vi.fn(),
    owner: vi.fn(),
    parameters: vi.fn(),
    submit: vi.fn(),
  },
}))
const mocked = vi.mocked(dataEntryApi)

const layout: FormLayout = {
  version: 2,
  title: 'Routine Test',
  controls: [
    { type: 'serial', variable: 'serial', label: 'Serial number', required: true },
    { type: 'datepicker', variable: 'testDate', label: 'Test date', required: true },
    {
      type: 'group',
      variable: 'result',
      label: 'Tests',
      children: [
        {
          type: 'testField',
          testType: 'numeric',
          variable: 'ratio',
          label: 'Voltage ratio error',
          min: -0.5,
          max: 0.5,
        },
        { type: 'testField', testType: 'yesNo', variable: 'oil', label: 'Oil level OK', required: true },
      ],
    },
  ],
}

const INVALID = 'Please correct the highlighted fields before saving.'
const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}\\*?$`))

let scrolls: { element: Element; options: unknown }[]
beforeEach(() => {
  vi.resetAllMocks()
  mocked.recordType.mockResolvedValue({
    id: 1,
    name: 'Routine Test',
    sensorTypeId: 2,
    captureType: 'form',
    units: 'Test',
    layoutRevision: 3,
    attributes: [
      attr('DataEntryForm', layout),
      attr('FieldMappings', { serialField: 'serial', resultField: 'result' }),
    ],
  } as never)
  mocked.productTypes.mockResolvedValue([{ id: 10, name: 'Transformer', parent: null, attributes: [] }])
  mocked.supplier.mockResolvedValue(SUPPLIER)
  mocked.submit.mockResolvedValue({ recordId: 99, message: 'ok' })
  mocked.parameters.mockResolvedValue({ own: [], resolved: [] })
  // jsdom lays nothing out and has no scrollIntoView: record who scrolled where, in order.
  scrolls = []
  Element.prototype.scrollIntoView = function (this: Element, options?: unknown) {
    scrolls.push({ element: this, options })
  } as Element['scrollIntoView']
})
afterEach(() => {
  delete (Element.prototype as { scrollIntoView?: unknown }).scrollIntoView
})

/** /DataEntry for a new Routine Test, filled in except the oil level. */
async function openForm() {
  render(
    <MemoryRouter initialEntries={['/DataEntry?producttype=10&recordtype=1&supplier=5']}>
      <Routes>
        <Route path="/DataEntry" element={<DataEntryPage />} />
      </Routes>
    </MemoryRouter>,
  )
  const user = userEvent.setup()
  await user.type(await screen.findByLabelText(/^Serial number/), 'NWT:42')
  await user.type(field('Test date'), '30-11-2026')
  await user.type(field('Voltage ratio error'), '0.4')
  return user
}

/** The same, filled in completely and validly. */
async function filledForm() {
  const user = await openForm()
  await user.click(screen.getByRole('radio', { name: 'Yes' }))
  return user
}

/** The last scroll, which is where the page is left. */
const lastScroll = () => scrolls.at(-1)

describe('/DataEntry: a refused Save', () => {
  it('refuses a date typed over a date as an impossible one, rather than saving the date before (F1)', async () => {
    const user = await filledForm()
    fireEvent.change(field('Test date'), { target: { value: '31-11-2026' } })
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(mocked.submit).not.toHaveBeenCalled()
    expect(screen.getByRole('alert')).toHaveTextContent(INVALID)
    // In the format but no day: said so, not how to write a date (walk 14).
    expect(screen.getByText('31-11-2026 is not a date.')).toBeVisible()
    expect(screen.queryByText('Enter the date as dd-MM-yyyy.')).toBeNull()
    // Taken to the field, left in the middle of the screen after the banner scrolled into view.
    await waitFor(() => expect(field('Test date')).toHaveFocus())
    expect(scrolls.map((s) => s.options)).toEqual([
      { block: 'nearest', behavior: 'smooth' },
      { block: 'center' },
    ])
    expect(lastScroll()).toEqual({ element: field('Test date'), options: { block: 'center' } })

    // Half a date the same, with how to write one.
    fireEvent.change(field('Test date'), { target: { value: '28-11-202' } })
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(mocked.submit).not.toHaveBeenCalled()
    expect(screen.getByText('Enter the date as dd-MM-yyyy.')).toBeVisible()

    // A whole date saves it.
    fireEvent.change(field('Test date'), { target: { value: '28-11-2026' } })
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(mocked.submit).toHaveBeenCalledTimes(1))
    expect(mocked.submit.mock.calls[0][1]).toMatchObject({ data: { testDate: '2026-11-28' } })
  })

  it('refuses a number the browser cannot read, rather than storing no value without a word (F2)', async () => {
    const user = await filledForm()
    const ratio = field('Voltage ratio error')
    // What a type=number box reports for '0.4e': '' and validity.badInput.
    Object.defineProperty(ratio, 'validity', { configurable: true, value: { badInput: true } })
    fireEvent.change(ratio, { target: { value: '' } })
    expect(screen.getByText('Enter a number.')).toBeVisible()
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(mocked.submit).not.toHaveBeenCalled()
    expect(screen.getByRole('alert')).toHaveTextContent(INVALID)
    await waitFor(() => expect(ratio).toHaveFocus())
    expect(ratio).toHaveAttribute('aria-invalid', 'true')
  })

  it('takes the user to the first field it refused, not the banner at the top (F4)', async () => {
    const user = await openForm()
    // The yes/no test unanswered: its id is its radio group, which takes no focus.
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(mocked.submit).not.toHaveBeenCalled()
    expect(screen.getByText('Oil level OK is required.')).toBeVisible()
    const yes = screen.getByRole('radio', { name: 'Yes' })
    await waitFor(() => expect(yes).toHaveFocus())
    expect(lastScroll()).toEqual({ element: yes, options: { block: 'center' } })
  })

  it('after a server refusal naming a field, marks and focuses that field (F4)', async () => {
    mocked.submit.mockRejectedValue(
      new ApiError('ratio: its value is not 0.4.', 400, [
        { variable: 'ratio', message: 'ratio: its value is not 0.4' },
      ]),
    )
    const user = await filledForm()
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(field('Voltage ratio error')).toHaveFocus())
    expect(screen.getByRole('alert')).toHaveTextContent('API Error: ratio: its value is not 0.4.')
    expect(field('Voltage ratio error')).toHaveAttribute('aria-invalid', 'true')
    expect(field('Voltage ratio error')).toHaveAccessibleDescription('ratio: its value is not 0.4.')
  })

  it('after a server refusal naming no field, focuses the banner so it is read (F4)', async () => {
    mocked.submit.mockRejectedValue(
      new ApiError('Serial number NWT:42 is not within any serial range of Northwind.', 400),
    )
    const user = await filledForm()
    await user.click(screen.getByRole('button', { name: 'Save' }))
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('API Error: Serial number NWT:42 is not within any serial range')
    await waitFor(() => expect(alert).toHaveFocus())
    expect(document.body).not.toHaveFocus()
  })
})
