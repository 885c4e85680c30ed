import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { compileLayout } from '../compiler'
import type { Control } from '../../schemas/form-layout'
import { BarcodeTextWidget } from './barcode-text-widget'
import { CheckboxWidget } from './checkbox-widget'
import { DateWidget, DATE_FORMAT_HINT } from './date-widget'
import { TextWidget } from './text-widget'
import { MultiselectWidget, maxValuesText } from './multiselect-widget'
import { TestFieldWidget } from './test-field-widget'
import { TimespanWidget, TIMESPAN_MIN_HINT } from './timespan-widget'
import type { ItrWidgetProps } from './widget-props'
import type { ComponentType } from 'react'

/** The ui:options the compiler writes for one control: widgets get exactly what a form gives them. */
function optionsOf(control: Control): Record<string, unknown> {
  const compiled = compileLayout({ version: 2, title: 't', controls: [control] })
  const variable = (control as { variable: string }).variable
  return (compiled.uiSchema[variable] as { 'ui:options': Record<string, unknown> })['ui:options']
}

/** Renders a widget held by a parent's state, like a form does; returns every value it emitted. */
function renderWidget(
  Widget: ComponentType<ItrWidgetProps>,
  control: Control,
  initial: unknown = null,
  extra: Partial<ItrWidgetProps> = {},
) {
  const emitted: unknown[] = []
  const options = optionsOf(control)
  function Host() {
    const [value, setValue] = useState<unknown>(initial)
    return (
      <>
        <label htmlFor="w">{control.type !== 'note' && 'label' in control ? control.label : ''}</label>
        <Widget
          id="w"
          label={(control as { label: string }).label}
          value={value}
          options={options}
          onChange={(v) => {
            emitted.push(v)
            setValue(v)
          }}
          {...extra}
        />
      </>
    )
  }
  render(<Host />)
  return { emitted, last: () => emitted[emitted.length - 1] }
}

describe('DateWidget (dd-MM-yyyy)', () => {
  const control: Control = { type: 'datepicker', variable: 'd', label: 'Test date' }

  it('shows the stored ISO date as dd-MM-yyyy and stores what is typed as ISO', async () => {
    const user = userEvent.setup()
    const w = renderWidget(DateWidget, control, '2024-03-07')
    const box = screen.getByLabelText('Test date')
    expect(box).toHaveValue('07-03-2024')
    await user.clear(box)
    expect(w.last()).toBeNull()
    await user.type(box, '14-02-2025')
    expect(w.last()).toBe('2025-02-14')
    expect(box).toHaveValue('14-02-2025')
  })

  it('keeps half a date out of the record and says how to write it', async () => {
    const user = userEvent.setup()
    const w = renderWidget(DateWidget, control)
    await user.type(screen.getByLabelText('Test date'), '31-02-20')
    expect(w.emitted).toEqual([])
    expect(screen.getByText(DATE_FORMAT_HINT)).toBeVisible()
  })

  it('says a date in the format that names no day is not a date, and keeps it out of the record', async () => {
    const user = userEvent.setup()
    const w = renderWidget(DateWidget, control)
    const box = screen.getByLabelText('Test date')
    await user.type(box, '31-02-2026')
    expect(w.emitted).toEqual([])
    // Not 'Enter the date as dd-MM-yyyy.': it is written so (walk 14).
    expect(screen.getByText('31-02-2026 is not a date.')).toBeVisible()
    expect(screen.queryByText(DATE_FORMAT_HINT)).toBeNull()
    expect(box).toHaveAccessibleDescription('31-02-2026 is not a date.')
    expect(box).toHaveAttribute('aria-invalid', 'true')
  })
})

describe('TimespanWidget', () => {
  it('stores an ISO 8601 duration in the control unit', async () => {
    const user = userEvent.setup()
    const w = renderWidget(TimespanWidget, {
      type: 'timespan',
      variable: 't',
      label: 'Frequency',
      unit: 'months',
    })
    expect(screen.getByText('months')).toBeVisible()
    await user.type(screen.getByLabelText('Frequency'), '3')
    expect(w.last()).toBe('P3M')
    await user.type(screen.getByLabelText('Frequency'), '.5')
    expect(w.last()).toBe('P3.5M')
  })

  it('rejects amounts below 0', async () => {
    const user = userEvent.setup()
    const w = renderWidget(TimespanWidget, {
      type: 'timespan',
      variable: 't',
      label: 'Frequency',
      unit: 'hours',
    })
    await user.type(screen.getByLabelText('Frequency'), '-2')
    expect(w.emitted.every((v) => v === null)).toBe(true)
    expect(screen.getByText(TIMESPAN_MIN_HINT)).toBeVisible()
  })

  it('without a unit shows the SPEC message instead of an input', () => {
    renderWidget(TimespanWidget, { type: 'timespan', variable: 't', label: 'Repair time' })
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Unit of time is required for timespan controls, update the record type to enter Repair time data',
    )
    expect(screen.queryByRole('spinbutton')).toBeNull()
  })
})

describe('TestFieldWidget', () => {
  it('numeric: step from the decimals of min/max, inclusive limits, live result', async () => {
    const user = userEvent.setup()
    const w = renderWidget(TestFieldWidget, {
      type: 'testField',
      variable: 'ir',
      label: 'Insulation',
      testType: 'numeric',
      min: 0.25,
      max: 10,
      unit: 'MΩ',
    })
    const input = screen.getByLabelText('Insulation')
    expect(input).toHaveAttribute('step', '0.01')
    expect(screen.getByText('Limits 0.25 to 10 MΩ')).toBeVisible()
    await user.type(input, '0.25')
    expect(w.last()).toEqual({ value: 0.25, passOrFail: 'Pass' })
    expect(screen.getByLabelText('Insulation result')).toHaveTextContent('Pass')
    await user.clear(input)
    await user.type(input, '10.01')
    expect(w.last()).toEqual({ value: 10.01, passOrFail: 'Fail' })
    expect(screen.getByLabelText('Insulation result')).toHaveTextContent('Fail')
  })

  it('numeric n/a toggle forces n/a and disables the input', async () => {
    const user = userEvent.setup()
    const w = renderWidget(
      TestFieldWidget,
      {
        type: 'testField',
        variable: 'ir',
        label: 'Insulation',
        testType: 'numeric',
        min: 1,
        max: 5,
        naOption: true,
      },
      { value: 3, passOrFail: 'Pass' },
    )
    await user.click(screen.getByRole('switch', { name: 'n/a: Insulation' }))
    expect(w.last()).toEqual({ value: null, passOrFail: 'n/a' })
    expect(screen.getByLabelText('Insulation')).toBeDisabled()
    expect(screen.getByLabelText('Insulation')).toHaveValue(null)
    // Off again: the value typed before comes back with its result (issue #11.19).
    await user.click(screen.getByRole('switch', { name: 'n/a: Insulation' }))
    expect(w.last()).toEqual({ value: 3, passOrFail: 'Pass' })
    expect(screen.getByLabelText('Insulation')).toHaveValue(3)
  })

  it('yes/no passes on Yes by default, pass/fail on Pass, selection on its pass choice', async () => {
    const user = userEvent.setup()
    const yes = renderWidget(TestFieldWidget, {
      type: 'testField',
      variable: 'a',
      label: 'Seal',
      testType: 'yesNo',
    })
    await user.click(screen.getByRole('radio', { name: 'No' }))
    expect(yes.last()).toEqual({ value: 'No', passOrFail: 'Fail' })
    await user.click(screen.getByRole('radio', { name: 'Yes' }))
    expect(yes.last()).toEqual({ value: 'Yes', passOrFail: 'Pass' })
  })

  it('pass/fail defaults the pass choice to Pass', async () => {
    const user = userEvent.setup()
    const w = renderWidget(TestFieldWidget, {
      type: 'testField',
      variable: 'b',
      label: 'Visual',
      testType: 'passFail',
    })
    await user.click(screen.getByRole('radio', { name: 'Pass' }))
    expect(w.last()).toEqual({ value: 'Pass', passOrFail: 'Pass' })
  })

  it('selection passes only on its pass choice', async () => {
    const user = userEvent.setup()
    const w = renderWidget(TestFieldWidget, {
      type: 'testField',
      variable: 'c',
      label: 'Vector group',
      testType: 'selection',
      choices: ['Dyn11', 'Dyn1'],
      passChoice: 'Dyn11',
    })
    await user.click(screen.getByRole('radio', { name: 'Dyn1' }))
    expect(w.last()).toEqual({ value: 'Dyn1', passOrFail: 'Fail' })
    await user.click(screen.getByRole('radio', { name: 'Dyn11' }))
    expect(w.last()).toEqual({ value: 'Dyn11', passOrFail: 'Pass' })
  })

  it('an unknown test type shows the SPEC message', () => {
    renderWidget(TestFieldWidget, {
      type: 'testField',
      variable: 'x',
      label: 'X',
      testType: 'voltage' as 'numeric',
    })
    expect(screen.getByRole('alert')).toHaveTextContent(
      'A TestField was created here with an invalid test type',
    )
  })
})

describe('MultiselectWidget', () => {
  const control: Control = {
    type: 'multiselect',
    variable: 'm',
    label: 'Faults',
    values: ['A', 'B', 'C', 'D', 'E', 'F', 'G'],
    maxValues: 6,
  }

  it('adds and removes values, and stops at maxValues', async () => {
    const user = userEvent.setup()
    const w = renderWidget(MultiselectWidget, control)
    const add = screen.getByLabelText('Faults')
    for (const v of ['A', 'B', 'C', 'D', 'E', 'F']) await user.selectOptions(add, v)
    expect(w.last()).toEqual(['A', 'B', 'C', 'D', 'E', 'F'])
    expect(add).toBeDisabled()
    expect(screen.getByRole('option', { name: maxValuesText(6) })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Remove B' }))
    expect(w.last()).toEqual(['A', 'C', 'D', 'E', 'F'])
    expect(add).toBeEnabled()
  })

  it('shows up to 5 values, then how many more', () => {
    renderWidget(MultiselectWidget, control, ['A', 'B', 'C', 'D', 'E', 'F'])
    const list = screen.getByRole('list', { name: 'Faults: selected' })
    expect(list.querySelectorAll('.badge')).toHaveLength(5)
    expect(list).toHaveTextContent('+1 more')
  })

  it('read-only shows the values without controls', () => {
    renderWidget(MultiselectWidget, control, ['A'], { readonly: true })
    expect(screen.queryByRole('button', { name: 'Remove A' })).toBeNull()
    expect(screen.queryByRole('combobox')).toBeNull()
  })
})

describe('BarcodeTextWidget', () => {
  it('fills the text from the scan modal, typed in when there is no camera', async () => {
    const user = userEvent.setup()
    const w = renderWidget(BarcodeTextWidget, {
      type: 'singletext',
      variable: 'tag',
      label: 'Asset tag',
      barcode: true,
    })
    await user.click(screen.getByRole('button', { name: 'Scan Asset tag' }))
    const dialog = await screen.findByRole('dialog', { name: 'Scan Barcode' })
    expect(await within(dialog).findByText('No camera is available. Type the code instead.')).toBeVisible()
    await user.type(within(dialog).getByLabelText('Type Asset tag'), 'AT-77{Enter}')
    expect(w.last()).toBe('AT-77')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(screen.getByLabelText('Asset tag')).toHaveValue('AT-77')
  })
})

describe('CheckboxWidget and TextWidget', () => {
  it('checkbox stores a boolean', async () => {
    const user = userEvent.setup()
    const box = renderWidget(CheckboxWidget, { type: 'checkbox', variable: 'c', label: 'Sealed' }, false)
    await user.click(screen.getByRole('checkbox'))
    expect(box.last()).toBe(true)
  })

  it('text stores the text, null for an emptied box', async () => {
    const user = userEvent.setup()
    const text = renderWidget(TextWidget, { type: 'singletext', variable: 't', label: 'Tested by' })
    await user.type(screen.getByLabelText('Tested by'), 'J')
    expect(text.last()).toBe('J')
    await user.clear(screen.getByLabelText('Tested by'))
    expect(text.last()).toBeNull()
  })
})

describe('onChange never fires on render', () => {
  it('for any widget above', () => {
    const spy = vi.fn()
    render(<DateWidget id="d" label="D" value="2024-01-01" options={{}} onChange={spy} />)
    render(<TimespanWidget id="t" label="T" value="P1M" options={{ unit: 'months' }} onChange={spy} />)
    expect(spy).not.toHaveBeenCalled()
  })
})
