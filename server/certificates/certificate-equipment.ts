import type { EquipmentSnapshot, RecordDetail, TestEquipment } from '../../schemas/records/index'
import { formatDate } from './certificate-dates'

/** The columns of the 'Test equipment used' table, as the record view's table has them. */
export const EQUIPMENT_HEAD = [
  'Serial',
  'Description',
  'Owner',
  'Calibrator',
  'Calibrated',
  'Expires',
  'Status at use',
]

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
    ? ` — override by ${s.override.userName} on ${formatDate(s.override.at)} UTC: ${s.override.reason}`
    : ''
  return [
    s.serialNumber,
    s.description ?? '—',
    s.ownerName ?? '—',
    s.calibrationSkipped ? '—' : (s.calibratorName ?? '—'),
    s.calibrationSkipped ? '—' : formatDate(s.calibrationDate, false),
    s.calibrationSkipped ? '—' : formatDate(s.expires, false),
    `${STATUS_TEXT[s.status]}${s.certificate ? ' (certificate on file)' : ''}${override}`,
  ]
}

/** What a device linked without a snapshot says of its calibration at the record's date: nothing. */
export const NOT_RECORDED = 'Not recorded with this record'

/**
 * A device the record links without a frozen snapshot (stored before issue #15.2): named, its calibration
 * at the time not recorded. Its current calibration is not printed — it may be a later one.
 */
export function unrecordedRow(te: TestEquipment): string[] {
  return [te.serialNumber.full, te.description ?? '—', te.owner?.name ?? '—', '—', '—', '—', NOT_RECORDED]
}

/**
 * The serials of the devices a record links, by id: from its snapshots, the devices read for links
 * without one, and a calibration's own device (its serial is the record's).
 */
export function serialsOf(record: RecordDetail, devices: readonly TestEquipment[]): Map<number, string> {
  const serials = new Map<number, string>()
  if (record.category === 'calibration' && record.testEquipmentId != null)
    serials.set(record.testEquipmentId, record.productSerialNumber)
  for (const te of devices) serials.set(te.id, te.serialNumber.full)
  for (const s of record.testEquipmentUsed ?? []) serials.set(s.testEquipmentId, s.serialNumber)
  return serials
}
