import type { EquipmentSnapshot, TestEquipment } from '../../schemas/records/index'
import { formatDate } from './certificate-dates'

/** A device as the certificate lists it: serial, description, owner, calibration, expiry, status. */
export function equipmentRow(te: TestEquipment, at: string): string[] {
  const cal = te.latestCalibration
  const status = !cal
    ? 'Never calibrated'
    : cal.skipped
      ? 'Calibration not required'
      : cal.expires && cal.expires < at
        ? 'Expired'
        : 'In calibration'
  return [
    te.serialNumber.full,
    te.description ?? '—',
    te.owner?.name ?? '—',
    formatDate(cal?.date, false),
    formatDate(cal?.expires, false),
    status,
  ]
}

const STATUS_TEXT: Record<EquipmentSnapshot['status'], string> = {
  valid: 'In calibration',
  notRequired: 'Calibration not required',
  expired: 'Expired',
  never: 'Never calibrated',
  suspect: 'Suspect',
}

/** A device as the record froze it when it was used (issue #15.2), its override named. */
export function snapshotRow(s: EquipmentSnapshot): string[] {
  const override = s.override
    ? ` — override by ${s.override.userName} on ${formatDate(s.override.at)}: ${s.override.reason}`
    : ''
  return [
    s.serialNumber,
    s.description ?? '—',
    s.ownerName ?? '—',
    s.calibrationSkipped ? '—' : formatDate(s.calibrationDate, false),
    s.calibrationSkipped ? '—' : formatDate(s.expires, false),
    `${STATUS_TEXT[s.status]}${s.certificate ? ' (certificate on file)' : ''}${override}`,
  ]
}
