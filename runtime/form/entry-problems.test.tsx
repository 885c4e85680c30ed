import { act, fireEvent, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { RATIO_TEST_CONTROLS } from '../../schemas/form-layout/rules-fixture'
import type { Control } from '../../schemas/form-layout'
import { emptyValues } from '../compiler'
import { layoutOf, renderRecordForm } from './test-support'

// Audit h-entry F1, F2, F4, F6, F10: what a box shows that is not a value, where a refusal takes the
// user, calculated tests and the n/a switches' names.

const DATE_HINT = 'Enter the date as dd-MM-yyyy.'
/** Text in the format that names no day says so, not how to write a date (walk 14). */
const NOT_A_DATE = '31-11-2026 is not a date.'
const NUMBER_HINT = 'Enter a number.'

const controls: Control[] = [
  { type: 'serial', variable: 'serial', label: 'Serial', required: true },
  { type: 'datepicker', variable: 'day', label: 'Test day', required: true },
  {
    type: 'testField',
    variable: 'ratio',
    label: 'Voltage ratio error',
    testType: 'numeric',
    min: -0.5,
    max: 0.5,
    naOption: true,
  },
  { type: 'testField', variable: 'oil', label: 'Oil level OK', testType: 'yesNo', required: true },
  { type: 'timespan', variable: 'freq', label: 'Frequency', unit: 'months' },
]

/** What a type=number box reports for text the browser cannot read: '' and `validity.badInput`. */
function typeUnreadable(input: HTMLElement) {
  Object.defineProperty(input, 'validity', { configurable: true, value: { badInput: true } })
  // From a value, so React sees a change; the browser reports '' for '0.4e'.
  fireEvent.change(input, { target: { value: '1' } })
  fireEvent.change(input, { target: { value: '' } })
}
function typeReadable(input: HTMLElement, text: string) {
  Object.defineProperty(input, 'validity', { configurable: true, value: { badInput: false } })
  fireEvent.change(input, { target: { value: text } })
}

/** A field's input by its caption, which carries an asterisk when required. */
const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}\\*?$`))

let scrolled: ReturnType<typeof vi.fn>
beforeEach(() => {
  // jsdom lays nothing out and has no scrollIntoView.
  scrolled = vi.fn()
  Element.prototype.scrollIntoView = scrolled as unknown as Element['scrollIntoView']
})
afterEach(() => {
  delete (Element.prototype as { scrollIntoView?: unknown }).scrollIntoView
})

describe('an entry that is not a value yet (F1, F2)', () => {
  it('a date typed over a date as an impossible or half date: shown, refused, cleared once a date', async () => {
    const user = userEvent.setup()
    const form = renderRecordForm(controls, {
      value: { ...emptyValues(layoutOf(controls)), serial: 'S1', day: '2026-11-30' },
    })
    const day = field('Test day')
    // One digit changed, as a technician corrects a date: 30-11-2026 becomes 31-11-2026.
    fireEvent.change(day, { target: { value: '31-11-2026' } })
    expect(day).toHaveValue('31-11-2026')
    // The record still holds the date the box no longer shows...
    expect(form.changes).toEqual([])
    // ...so the field says so, once, and a Save's check refuses it.
    expect(screen.getAllByText(NOT_A_DATE)).toHaveLength(1)
    expect(day).toHaveAttribute('aria-invalid', 'true')
    expect(day).toHaveAccessibleDescription(NOT_A_DATE)
    let errors: Record<string, string[]> = {}
    act(() => void (errors = form.handle.current!.validate()))
    expect(errors.day).toEqual([NOT_A_DATE])
    expect(form.handle.current!.entryProblems()).toEqual({ day: [NOT_A_DATE] })

    // Half a date the same, with how to write one.
    fireEvent.change(day, { target: { value: '28-11-202' } })
    expect(form.handle.current!.entryProblems()).toEqual({ day: [DATE_HINT] })
    expect(screen.getAllByText(DATE_HINT)).toHaveLength(1)
    expect(screen.queryByText(NOT_A_DATE)).toBeNull()

    // A date: stored, and the problem goes.
    await user.type(day, '6')
    expect(form.last().day).toBe('2026-11-28')
    expect(form.handle.current!.entryProblems()).toEqual({})
    expect(screen.queryByText(DATE_HINT)).toBeNull()
    expect(day).not.toHaveAttribute('aria-invalid')
  })

  it('an emptied date box is no problem of its own (the required check speaks for it)', async () => {
    const user = userEvent.setup()
    const form = renderRecordForm(controls, { value: { serial: 'S1', day: '2026-11-30' } })
    const day = field('Test day')
    await user.type(day, 'x')
    expect(form.handle.current!.entryProblems()).toEqual({ day: [DATE_HINT] })
    await user.clear(day)
    expect(form.handle.current!.entryProblems()).toEqual({})
    expect(form.last().day).toBeNull()
  })

  it('a number the browser cannot read: said under the field, refused, cleared when emptied or a number', () => {
    const form = renderRecordForm(controls)
    const ratio = screen.getByLabelText('Voltage ratio error')
    typeReadable(ratio, '0.4')
    expect(form.last().ratio).toEqual({ value: 0.4, passOrFail: 'Pass' })
    typeUnreadable(ratio)
    // No value is taken from it, and the field says why rather than nothing.
    expect(form.last().ratio).toBeNull()
    expect(screen.getByText(NUMBER_HINT)).toBeVisible()
    expect(ratio).toHaveAttribute('aria-invalid', 'true')
    expect(ratio).toHaveAccessibleDescription(NUMBER_HINT)
    expect(form.handle.current!.entryProblems()).toEqual({ ratio: [NUMBER_HINT] })
    // It outlasts leaving the box: the browser still shows the text.
    fireEvent.blur(ratio)
    expect(form.handle.current!.entryProblems()).toEqual({ ratio: [NUMBER_HINT] })

    typeReadable(ratio, '0.3')
    expect(form.handle.current!.entryProblems()).toEqual({})
    expect(screen.queryByText(NUMBER_HINT)).toBeNull()

    // Emptied: the browser's value goes from '' to '', which React reports as no change.
    typeUnreadable(ratio)
    Object.defineProperty(ratio, 'validity', { configurable: true, value: { badInput: false } })
    fireEvent.input(ratio, { target: { value: '' } })
    expect(form.handle.current!.entryProblems()).toEqual({})
  })

  it('n/a, or a value the page puts in, replaces the entry and its problem', () => {
    const form = renderRecordForm(controls)
    typeUnreadable(screen.getByLabelText('Voltage ratio error'))
    fireEvent.click(screen.getByRole('switch', { name: 'n/a: Voltage ratio error' }))
    expect(form.handle.current!.entryProblems()).toEqual({})

    fireEvent.change(field('Test day'), { target: { value: '31-11-2026' } })
    expect(form.handle.current!.entryProblems()).toEqual({ day: [NOT_A_DATE] })
    act(() => form.setValue({ ...form.last(), day: '2026-01-02' }))
    expect(field('Test day')).toHaveValue('02-01-2026')
    expect(form.handle.current!.entryProblems()).toEqual({})
  })

  it('a timespan below 0 typed over an amount is refused, not saved as the amount before', () => {
    const form = renderRecordForm(controls, { value: { freq: 'P3M' } })
    const freq = screen.getByLabelText('Frequency')
    typeReadable(freq, '-1')
    expect(form.handle.current!.entryProblems()).toEqual({ freq: ['Enter a number of at least 0.'] })
    expect(screen.getAllByText('Enter a number of at least 0.')).toHaveLength(1)
    typeReadable(freq, '6')
    expect(form.last().freq).toBe('P6M')
    expect(form.handle.current!.entryProblems()).toEqual({})
  })

  it('shows the entry problem alone while it lasts, not a Save message about the value before', async () => {
    const user = userEvent.setup()
    const form = renderRecordForm(controls)
    act(() => void form.handle.current!.validate())
    expect(screen.getByText('Test day is required.')).toBeVisible()
    await user.type(field('Test day'), '31-11')
    expect(screen.queryByText('Test day is required.')).toBeNull()
    expect(screen.getByText(DATE_HINT)).toBeVisible()
  })
})

describe('a refused Save takes the user to the first field it refused (F4)', () => {
  it('focuses the first in layout order and scrolls it to the middle of the screen', () => {
    const form = renderRecordForm(controls, { value: { serial: 'S1', day: '2026-11-30' } })
    fireEvent.change(field('Test day'), { target: { value: '31-11-2026' } })
    act(() => void form.handle.current!.validate())
    expect(field('Test day')).toHaveFocus()
    expect(scrolled).toHaveBeenLastCalledWith({ block: 'center' })
  })

  it('a choice test, whose id is its radio group, gets focus on its first choice', () => {
    const form = renderRecordForm(controls, { value: { serial: 'S1', day: '2026-11-30' } })
    act(() => void form.handle.current!.validate())
    expect(screen.getByRole('radio', { name: 'Yes' })).toHaveFocus()
    expect(screen.getByRole('radiogroup', { name: 'Oil level OK' })).toHaveAttribute('aria-invalid', 'true')
  })

  it('focusFirst takes the layout order, not the order given, and answers false for none shown', () => {
    const form = renderRecordForm(controls)
    act(() => void form.handle.current!.focusFirst(['oil', 'day']))
    expect(field('Test day')).toHaveFocus()
    expect(form.handle.current!.focusFirst(['nothing'])).toBe(false)
  })
})

describe('a test that takes its value from a calculation (F6)', () => {
  it('is read-only: no box to type in, the calculated value and its result', async () => {
    const user = userEvent.setup()
    const form = renderRecordForm(RATIO_TEST_CONTROLS)
    await user.type(screen.getByLabelText('Measured ratio'), '10.04')
    expect(form.last().deviationTest).toEqual({ value: 0.4, passOrFail: 'Pass' })
    const shown = screen.getByLabelText('Deviation test')
    expect(shown.tagName).toBe('OUTPUT')
    expect(shown).toHaveTextContent('0.4')
    expect(screen.queryByRole('spinbutton', { name: 'Deviation test' })).toBeNull()
    expect(screen.getByLabelText('Deviation test result')).toHaveTextContent('Pass')
  })
})

describe('n/a switches are named after their test (F10)', () => {
  it("'n/a: {label}', with 'n/a' still the visible text", () => {
    const two: Control[] = [
      { type: 'testField', variable: 'a', label: 'Voltage ratio error', testType: 'numeric', naOption: true },
      { type: 'testField', variable: 'b', label: 'No-load loss', testType: 'numeric', naOption: true },
    ]
    renderRecordForm(two)
    const a = screen.getByRole('switch', { name: 'n/a: Voltage ratio error' })
    expect(screen.getByRole('switch', { name: 'n/a: No-load loss' })).not.toBe(a)
    expect(document.querySelector(`label[for="${a.id}"]`)).toHaveTextContent(/^n\/a$/)
  })
})
