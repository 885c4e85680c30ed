import { render, screen, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router-dom'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { calibrationStatus } from '../../../runtime/widgets/calibration-status'
import type { TestEquipment } from '../../../schemas/records'
import TestEquipmentDetailPage from './test-equipment-detail-page'
import { useTestEquipmentDetail } from './use-test-equipment-detail'

// Audit h-admin F5: the detail page's icon is the list's five-state one, never a green tick beside
// 'Calibration expired … ago!'.

vi.mock('./use-test-equipment-detail', () => ({ useTestEquipmentDetail: vi.fn() }))
vi.mock('./use-device-history', () => ({
  useDeviceHistory: () => ({ history: { data: null, error: null, loading: false }, openCases: [] }),
}))
vi.mock('./equipment-usage-card', () => ({ EquipmentUsageCard: () => null }))
vi.mock('./equipment-label', () => ({ PrintLabelDialog: () => null }))

const DAY = 86_400_000
const iso = (days: number) => new Date(Date.now() + days * DAY).toISOString()

function item(latestCalibration: TestEquipment['latestCalibration']): TestEquipment {
  return {
    id: 2,
    serialNumber: { full: 'EPN-TE:2', prefix: 'EPN-TE:', value: '2' },
    serialNumberPrefix: 'EPN-TE:',
    description: 'Insulation tester',
    assetTag: 'IT-2',
    productTypeId: null,
    location: null,
    owner: null,
    latestCalibration,
  } as unknown as TestEquipment
}

const calibrated = (expiresInDays: number) => ({
  skipped: false,
  date: iso(expiresInDays - 365),
  expires: iso(expiresInDays),
  calibrator: { id: 1, name: 'Cal House' },
})

function show(te: TestEquipment) {
  vi.mocked(useTestEquipmentDetail).mockReturnValue({
    id: '2',
    item: te,
    status: calibrationStatus(te),
    productType: null,
    productTypeFailed: false,
    loading: false,
    error: null,
  } as ReturnType<typeof useTestEquipmentDetail>)
  render(
    <MemoryRouter>
      <TestEquipmentDetailPage />
    </MemoryRouter>,
  )
  return within(screen.getByTestId('calibration-status'))
}

afterEach(() => vi.resetAllMocks())

describe('/TestEquipment/{id} calibration icon (audit h-admin F5)', () => {
  it('shows the red warning sign beside an expired calibration, not the green tick', () => {
    const status = show(item(calibrated(-40)))
    expect(status.getByText(/^Calibration expired .* ago!$/)).toBeTruthy()
    expect(status.getByRole('img', { name: 'Calibration expired' })).toBeTruthy()
    expect(status.queryByRole('img', { name: 'Calibrated' })).toBeNull()
  })

  it.each([
    ['due soon', calibrated(10), 'Calibration due soon'],
    ['valid', calibrated(200), 'Calibrated'],
    ['never calibrated', null, 'Never calibrated'],
    [
      'not required',
      { skipped: true, date: null, expires: null, calibrator: null },
      'Calibration not required',
    ],
  ])('shows the list icon for a %s calibration', (_, cal, name) => {
    const status = show(item(cal as TestEquipment['latestCalibration']))
    expect(status.getAllByRole('img').map((i) => i.getAttribute('aria-label'))).toEqual([name])
  })
})
