import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { EquipmentSnapshot } from '../../schemas/records'
import { EquipmentUsed } from './equipment-used'

const base = {
  description: 'Insulation tester',
  ownerName: 'Eastern Power Networks',
  calibrationSkipped: false,
  calibrationDate: '2025-01-01T00:00:00.000Z',
  expires: '2025-07-01T00:00:00.000Z',
  calibratorName: 'Cal House',
  certificate: null,
  policy: 'block',
  override: null,
} as const

describe('EquipmentUsed (issue #15.2)', () => {
  it('shows each device as stored, with status at use and the override (who, when, why)', () => {
    const snapshots: EquipmentSnapshot[] = [
      {
        ...base,
        testEquipmentId: 1,
        serialNumber: 'EPN-TE:1',
        status: 'expired',
        certificate: 'cert-1.pdf',
        override: {
          reason: 'Booked for recalibration',
          userId: 2,
          userName: 'configurator',
          at: '2026-02-10T09:30:00.000Z',
        },
      },
      {
        ...base,
        testEquipmentId: 3,
        serialNumber: 'EPN-TE:3',
        status: 'notRequired',
        calibrationSkipped: true,
        calibrationDate: '2025-05-01T00:00:00.000Z',
        expires: null,
        calibratorName: null,
      },
    ]
    render(<EquipmentUsed snapshots={snapshots} />)
    const table = screen.getByRole('table', { name: 'Test equipment used' })
    const [, first, second] = within(table).getAllByRole('row')
    expect(first).toHaveTextContent(
      'EPN-TE:1Insulation testerEastern Power Networks01/01/202501/07/2025Cal HouseCertificateExpired' +
        'Booked for recalibrationby configurator, 10/02/2026 09:30',
    )
    expect(within(first).getByRole('button', { name: 'Certificate' })).toBeVisible()
    expect(second).toHaveTextContent('EPN-TE:3')
    expect(second).toHaveTextContent('Calibration not required')
    expect(within(second).getAllByText('—').length).toBe(3)
  })

  it('shows nothing for a record stored without snapshots', () => {
    const { container } = render(<EquipmentUsed snapshots={[]} />)
    expect(container).toBeEmptyDOMElement()
  })

  it('fits its card at every width: the table scrolls in its own box and long texts wrap (walk s14)', () => {
    const snapshots: EquipmentSnapshot[] = [
      {
        ...base,
        testEquipmentId: 3,
        serialNumber: 'EPN-TE:3',
        description: 'Three-phase transformer turns ratio and winding resistance meter',
        status: 'notRequired',
        calibrationSkipped: true,
        expires: null,
        override: {
          reason: 'Only ratio meter at the depot during the outage window; supervisor agreed its use.',
          userId: 2,
          userName: 'configurator',
          at: '2026-02-10T09:30:00.000Z',
        },
      },
    ]
    render(<EquipmentUsed snapshots={snapshots} />)
    const table = screen.getByRole('table', { name: 'Test equipment used' })
    // At 1366 px the table was 1,401 px wide: its box scrolled only below 768 px, so the page did instead.
    expect(table.parentElement).toHaveClass('table-responsive')
    expect(table.parentElement).not.toHaveClass('table-responsive-md')
    const row = within(table).getAllByRole('row')[1]
    const [expires, status] = within(row).getAllByText('Calibration not required')
    expect(expires).not.toHaveClass('text-nowrap')
    expect(status).toHaveClass('text-wrap')
    expect(row).toHaveTextContent('Only ratio meter at the depot during the outage window')
  })
})
