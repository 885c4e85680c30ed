import { act, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { Control } from '../../schemas/form-layout'
import { emptyValues } from '../compiler'
import { toServerData } from '../pass-fail'
import { validateRecord } from './compiled-layout'
import { layoutOf, renderRecordForm } from './test-support'

const tests: Control[] = [
  {
    type: 'group',
    variable: 'electrical',
    label: 'Electrical',
    children: [
      {
        type: 'testField',
        variable: 'ir',
        label: 'Insulation',
        testType: 'numeric',
        min: 0.25,
        max: 10,
        unit: 'MΩ',
        naOption: true,
      },
      { type: 'testField', variable: 'ok', label: 'Oil level OK', testType: 'yesNo' },
    ],
  },
  { type: 'serial', variable: 'serial', label: 'Serial', required: true },
  { type: 'singletext', variable: 'remarks', label: 'Remarks' },
]

describe('RecordForm: live pass/fail', () => {
  it('computes each test, the group result and the record result while typing', async () => {
    const user = userEvent.setup()
    const form = renderRecordForm(tests)
    expect(form.results).toEqual(['-'])
    const group = screen.getByRole('group', { name: /Electrical/ })
    // SPEC §4 stores 'Fail' for a fresh group, but nothing has been tested yet (issue #11.14).
    expect(within(group).getByRole('status', { name: 'Electrical result' })).toHaveTextContent(
      'Not tested yet',
    )

    await user.type(screen.getByLabelText('Insulation'), '12')
    expect(within(group).getByRole('status', { name: 'Electrical result' })).toHaveTextContent('Fail')
    expect(form.last().ir).toEqual({ value: 12, passOrFail: 'Fail' })
    expect(screen.getByLabelText('Insulation result')).toHaveTextContent('Fail')
    expect(form.results.at(-1)).toBe('Fail')

    await user.clear(screen.getByLabelText('Insulation'))
    await user.type(screen.getByLabelText('Insulation'), '10')
    expect(form.last().ir).toEqual({ value: 10, passOrFail: 'Pass' })
    expect(form.last().electrical).toBe('Fail') // Oil level not answered yet

    await user.click(screen.getByRole('radio', { name: 'Yes' }))
    expect(form.last().ok).toEqual({ value: 'Yes', passOrFail: 'Pass' })
    expect(form.last().electrical).toBe('Pass')
    expect(within(group).getByRole('status', { name: 'Electrical result' })).toHaveTextContent('Pass')
    expect(form.results.at(-1)).toBe('Pass')

    await user.click(screen.getByRole('switch', { name: 'n/a: Insulation' }))
    expect(form.last().ir).toEqual({ value: null, passOrFail: 'n/a' })
    expect(screen.getByLabelText('Insulation')).toBeDisabled()
    expect(form.last().electrical).toBe('Pass')
  })

  it('keeps what test and date fields remember in the store: the entry n/a set aside, half a date', async () => {
    const user = userEvent.setup()
    const form = renderRecordForm([...tests, { type: 'datepicker', variable: 'day', label: 'Test day' }])
    await user.type(screen.getByLabelText('Insulation'), '5')
    await user.click(screen.getByRole('switch', { name: 'n/a: Insulation' }))
    expect(form.last().ir).toEqual({ value: null, passOrFail: 'n/a' })
    await user.click(screen.getByRole('switch', { name: 'n/a: Insulation' }))
    expect(form.last().ir).toEqual({ value: 5, passOrFail: 'Pass' })
    expect(screen.getByLabelText('Insulation')).toHaveValue(5)
    // Half a date stays in the box and out of the record.
    await user.type(screen.getByLabelText('Test day'), '31-02')
    expect(screen.getByLabelText('Test day')).toHaveValue('31-02')
    expect(form.last().day ?? null).toBeNull()
    await user.type(screen.getByLabelText('Test day'), '-2025')
    expect(screen.getByLabelText('Test day')).toHaveValue('31-02-2025')
    expect(form.last().day ?? null).toBeNull()
  })

  it('re-renders only the edited field, not the form', async () => {
    const user = userEvent.setup()
    renderRecordForm(tests)
    const serial = screen.getByLabelText(/^Serial/)
    const remarksBefore = screen.getByLabelText('Remarks')
    await user.type(serial, 'A1')
    // The same DOM node: the other fields were not re-mounted.
    expect(screen.getByLabelText('Remarks')).toBe(remarksBefore)
    expect(serial).toHaveValue('A1')
  })
})

describe('RecordForm: modes', () => {
  it('read-only: every input is read-only or disabled', () => {
    renderRecordForm(tests, { readOnly: true })
    expect(screen.getByLabelText(/^Serial/)).toHaveAttribute('readonly')
    expect(screen.getByLabelText('Remarks')).toHaveAttribute('readonly')
    expect(screen.getByLabelText('Insulation')).toBeDisabled()
    expect(screen.getByRole('radio', { name: 'Yes' })).toBeDisabled()
  })

  it('locked (Lock Items): only serial entries stay editable', async () => {
    const user = userEvent.setup()
    const form = renderRecordForm(tests, { locked: true })
    expect(screen.getByLabelText('Remarks')).toHaveAttribute('readonly')
    expect(screen.getByLabelText('Insulation')).toBeDisabled()
    await user.type(screen.getByLabelText(/^Serial/), 'X9')
    expect(form.last().serial).toBe('X9')
  })

  it('takes a value the page replaces (duplicate, reset)', async () => {
    const form = renderRecordForm(tests)
    act(() =>
      form.setValue({
        ...(form.layout && {}),
        serial: 'S-2',
        remarks: 'copied',
        electrical: 'Fail',
        ir: null,
        ok: null,
      }),
    )
    expect(screen.getByLabelText(/^Serial/)).toHaveValue('S-2')
    expect(screen.getByLabelText('Remarks')).toHaveValue('copied')
  })
})

describe('RecordForm: n/a round trip (SPEC §4, §9: n/a is sent and stored as "-")', () => {
  const stored = () => ({
    ...emptyValues(layoutOf(tests)),
    serial: 'SN:1',
    ir: { value: null, passOrFail: '-' },
    ok: { value: 'Yes', passOrFail: 'Pass' },
    electrical: 'Pass',
  })

  it('a reopened record shows the n/a toggle on and the input disabled, read-only and in edit', async () => {
    const readOnly = renderRecordForm(tests, { value: stored(), readOnly: true })
    expect(screen.getByRole('switch', { name: 'n/a: Insulation' })).toBeChecked()
    expect(screen.getByLabelText('Insulation')).toBeDisabled()
    expect(screen.getByLabelText('Insulation result')).toHaveTextContent('n/a')
    readOnly.unmount()

    const user = userEvent.setup()
    const form = renderRecordForm(tests, { value: stored() })
    expect(screen.getByRole('switch', { name: 'n/a: Insulation' })).toBeChecked()
    expect(screen.getByLabelText('Insulation')).toBeDisabled()
    // n/a passes (SPEC §4): the record is a Pass, not held back by an unset test.
    expect(form.results.at(-1)).toBe('Pass')

    // Re-saved after an edit elsewhere: n/a is kept and travels as '-' again.
    await user.type(screen.getByLabelText('Remarks'), 'ok')
    expect(form.last().ir).toEqual({ value: null, passOrFail: 'n/a' })
    expect(form.last().electrical).toBe('Pass')
    expect(toServerData(form.layout, form.last()).ir).toEqual({ value: null, passOrFail: '-' })

    // Switching n/a off enables the input again.
    await user.click(screen.getByRole('switch', { name: 'n/a: Insulation' }))
    expect(screen.getByLabelText('Insulation')).toBeEnabled()
  })

  it('a test field without the n/a option keeps an unset "-" as unset', () => {
    const plain: Control[] = [
      { type: 'testField', variable: 'v', label: 'Voltage', testType: 'numeric', min: 1, max: 2 },
    ]
    renderRecordForm(plain, { value: { v: { value: null, passOrFail: '-' } } })
    expect(screen.getByLabelText('Voltage')).toBeEnabled()
    expect(screen.getByLabelText('Voltage result')).toHaveTextContent('-')
  })
})

describe('validateRecord and the Save check', () => {
  const controls: Control[] = [
    { type: 'serial', variable: 'serial', label: 'Serial', required: true },
    { type: 'testEquipment', variable: 'equipment', label: 'Test equipment used', min: 2 },
    { type: 'timespan', variable: 'freq', label: 'Frequency', required: true },
    { type: 'testField', variable: 'weird', label: 'Weird', testType: 'bogus' as 'numeric', required: true },
  ]

  it('returns SPEC §5 messages per variable', () => {
    const errors = validateRecord(layoutOf(controls), {
      serial: null,
      equipment: [4],
      freq: null,
      weird: null,
    })
    expect(errors.serial).toEqual(['Serial is required.'])
    expect(errors.equipment).toEqual(['At least 2 test equipment required for Test equipment used'])
    expect(errors.freq).toEqual([
      'Unit of time is required for timespan controls, update the record type to enter Frequency data',
    ])
    expect(errors.weird).toEqual(['A TestField was created here with an invalid test type'])
    expect(validateRecord(layoutOf(controls.slice(0, 2)), { serial: 'A', equipment: [1, 2] })).toEqual({})
  })

  it('shows the messages under the fields through the handle, and clears one once fixed', async () => {
    const user = userEvent.setup()
    const form = renderRecordForm(controls.slice(0, 2))
    let errors: Record<string, string[]> = {}
    act(() => {
      errors = form.handle.current!.validate()
    })
    expect(Object.keys(errors)).toEqual(['serial', 'equipment'])
    expect(screen.getByText('At least 2 test equipment required for Test equipment used')).toBeVisible()
    expect(screen.getByText('Serial is required.')).toBeVisible()
    expect(screen.getByLabelText(/^Serial/)).toHaveFocus()
    await user.type(screen.getByLabelText(/^Serial/), 'A')
    expect(screen.queryByText('Serial is required.')).toBeNull()
  })
})
