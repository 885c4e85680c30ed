import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import type { Control } from '../../schemas/form-layout'
import type { TestEquipment } from '../../schemas/records'
import { RecordForm, type CalibrationRuntime } from '../form'
import { fakeServices, layoutOf } from '../form/test-support'

/** EPN-TE:1, calibrated 01/01/2025 and expired on 01/07/2025. */
const expired: TestEquipment = {
  id: 1,
  serialNumberPrefix: 'EPN-TE:',
  serialNumber: { full: 'EPN-TE:1', prefix: 'EPN-TE:', value: '1' },
  description: 'Insulation tester',
  location: null,
  owner: { id: 1, name: 'Eastern Power Networks' },
  assetTag: 'AT-1',
  latestCalibration: {
    skipped: false,
    date: '2025-01-01T00:00:00.000Z',
    expires: '2025-07-01T00:00:00.000Z',
    calibrator: { id: 1, name: 'Cal House' },
  },
}

const controls = (calibrationPolicy?: 'warn' | 'block'): Control[] => [
  { type: 'datepicker', variable: 'testDate', label: 'Test date' },
  { type: 'testEquipment', variable: 'te', label: 'Test equipment used', calibrationPolicy },
]

/** A page holding the values and the override reasons, as /DataEntry does. */
function renderGate(options: { policy?: 'warn' | 'block'; testDate: string; mayOverride: boolean }) {
  const layout = layoutOf(controls(options.policy))
  const services = fakeServices({ testEquipmentById: vi.fn(async () => expired) })
  const given: Record<number, string | null>[] = []
  function Page() {
    const [value, setValue] = useState<Record<string, unknown>>({ testDate: options.testDate, te: [1] })
    const [overrides, setOverrides] = useState<Record<number, string>>({})
    const calibration: CalibrationRuntime = {
      recordDateVariable: 'testDate',
      mayOverride: options.mayOverride,
      overrides,
      setOverride: (id, reason) => {
        given.push({ [id]: reason })
        setOverrides((all) => {
          const next = { ...all }
          if (reason === null) delete next[id]
          else next[id] = reason
          return next
        })
      },
    }
    return (
      <RecordForm
        layout={layout}
        value={value}
        onChange={setValue}
        services={services}
        calibration={calibration}
      />
    )
  }
  render(<Page />)
  return { given }
}

const card = () => screen.findByRole('listitem', { name: 'Test equipment EPN-TE:1' })
const BLOCKED =
  'Test equipment EPN-TE:1 cannot be used: its calibration expired on 01/07/2025. This record type blocks ' +
  'out-of-calibration test equipment; a configurator or admin must give an override reason.'

describe('testEquipment calibration gate (issue #15.1)', () => {
  it('blocks an expired device for a technician, with the message naming it and no override', async () => {
    renderGate({ policy: 'block', testDate: '2026-02-10', mayOverride: false })
    const item = await card()
    expect(within(item).getByRole('alert')).toHaveTextContent(BLOCKED)
    expect(item).toHaveAttribute('data-gate', 'blocked')
    expect(item).toHaveClass('border-danger')
    expect(within(item).queryByRole('button', { name: 'Override…' })).toBeNull()
  })

  it('lets a configurator override with a reason, and withdraw it', async () => {
    const user = userEvent.setup()
    const { given } = renderGate({ policy: 'block', testDate: '2026-02-10', mayOverride: true })
    const item = await card()
    await user.click(within(item).getByRole('button', { name: 'Override…' }))
    const apply = within(item).getByRole('button', { name: 'Apply override' })
    expect(apply).toBeDisabled()
    await user.type(within(item).getByLabelText('Override reason for EPN-TE:1'), 'Spare meter checked today')
    await user.click(apply)
    expect(given).toEqual([{ 1: 'Spare meter checked today' }])
    expect(item).toHaveAttribute('data-gate', 'overridden')
    expect(item).toHaveTextContent('Calibration block overriddenReason: Spare meter checked today')
    await user.click(within(item).getByRole('button', { name: 'Withdraw override' }))
    expect(given.at(-1)).toEqual({ 1: null })
    expect(within(item).getByRole('alert')).toHaveTextContent(BLOCKED)
  })

  it('only warns under the default policy (the SPEC §4 card)', async () => {
    renderGate({ testDate: '2026-02-10', mayOverride: true })
    const item = await card()
    expect(item).toHaveTextContent('Calibration expired 7 months ago!')
    expect(within(item).queryByRole('alert')).toBeNull()
    expect(item).not.toHaveAttribute('data-gate')
  })

  it("judges the device at the record's date, not today", async () => {
    renderGate({ policy: 'block', testDate: '2025-06-30', mayOverride: false })
    const item = await card()
    expect(item).toHaveTextContent('Valid for 1 day')
    expect(within(item).queryByRole('alert')).toBeNull()
  })
})
