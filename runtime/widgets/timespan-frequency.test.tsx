import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import type { Control } from '../../schemas/form-layout'
import { RecordForm, type CalibrationRuntime } from '../form'
import { fakeServices, layoutOf } from '../form/test-support'

const controls: Control[] = [
  { type: 'timespan', variable: 'frequency', label: 'Calibration frequency', unit: 'months' },
  { type: 'timespan', variable: 'yearly', label: 'Frequency in years', unit: 'years' },
  { type: 'timespan', variable: 'repair', label: 'Repair time', unit: 'months' },
]

/** A calibration page: the record type maps `frequency` (then `yearly`) as its calibration frequency. */
function renderForm(frequencyVariable: string) {
  const calibration: CalibrationRuntime = {
    frequencyVariable,
    mayOverride: false,
    overrides: {},
    setOverride: () => undefined,
  }
  function Page() {
    const [value, setValue] = useState<Record<string, unknown>>({})
    return (
      <RecordForm
        layout={layoutOf(controls)}
        value={value}
        onChange={setValue}
        services={fakeServices()}
        calibration={calibration}
      />
    )
  }
  render(<Page />)
}

const ADVICE: Record<string, string> = {
  months: 'Enter whole months.',
  years: 'Enter whole years, or a part that makes whole months (0.5 = 6 months).',
}
const hint = (amount: string, unit: string) =>
  `A calibration frequency counts whole months and days: ${amount} ${unit} does not come to them. ${ADVICE[unit]}`

describe('the calibration frequency timespan (audit s7 D4)', () => {
  it('says at once when the frequency does not come to whole months and days, as the server refuses it', async () => {
    const user = userEvent.setup()
    renderForm('frequency')
    const frequency = screen.getByLabelText('Calibration frequency')
    await user.type(frequency, '1.5')
    expect(screen.getByText(hint('1.5', 'months'))).toBeTruthy()
    expect(frequency.getAttribute('aria-invalid')).toBe('true')
    await user.clear(frequency)
    await user.type(frequency, '18')
    expect(screen.queryByText(hint('1.5', 'months'))).toBeNull()
    expect(frequency.getAttribute('aria-invalid')).toBeNull()
    // Another timespan of the same form takes fractions.
    await user.type(screen.getByLabelText('Repair time'), '1.5')
    expect(screen.queryByText(/A calibration frequency counts/)).toBeNull()
  })

  it('takes half a year (6 months) but not 0.3 of one', async () => {
    const user = userEvent.setup()
    renderForm('yearly')
    const yearly = screen.getByLabelText('Frequency in years')
    await user.type(yearly, '0.5')
    expect(screen.queryByText(/A calibration frequency counts/)).toBeNull()
    await user.clear(yearly)
    await user.type(yearly, '0.3')
    expect(screen.getByText(hint('0.3', 'years'))).toBeTruthy()
  })
})
