import { useMemo, useState } from 'react'
import Badge from 'react-bootstrap/Badge'
import Button from 'react-bootstrap/Button'
import Card from 'react-bootstrap/Card'
import Table from 'react-bootstrap/Table'
import { DocumentViewerModal } from '../../runtime/widgets/document-viewer-modal'
import { CALIBRATION_STATUS_LABELS, type EquipmentSnapshot } from '../../schemas/records'
import { createRuntimeServices } from '../api/runtime-services'
import { formatUtc, formatUtcDay } from './date-format'

const STATUS_VARIANT: Record<EquipmentSnapshot['status'], string> = {
  valid: 'success',
  notRequired: 'secondary',
  expired: 'warning',
  never: 'warning',
  suspect: 'danger',
}

const orDash = (text: string | null | undefined) => (text ? text : '—')

/** The override cell: the reason, then who gave it and when (issue #15.1). */
function OverrideCell({ override }: { override: EquipmentSnapshot['override'] }) {
  if (!override) return <>—</>
  return (
    <span className="equipment-override">
      <span className="d-block">{override.reason}</span>
      <span className="small text-secondary">
        by {override.userName}, {formatUtc(override.at)}
      </span>
    </span>
  )
}

/** One device of the snapshot table; cells carry their column name for the stacked phone layout. */
function SnapshotRow({
  snapshot: s,
  onCertificate,
}: {
  snapshot: EquipmentSnapshot
  onCertificate(savedFilename: string): void
}) {
  return (
    <tr>
      <td data-label="Serial" className="text-nowrap">
        {s.serialNumber}
      </td>
      <td data-label="Description">{orDash(s.description)}</td>
      <td data-label="Owner">{orDash(s.ownerName)}</td>
      <td data-label="Calibrated" className="text-nowrap">
        {orDash(formatUtcDay(s.calibrationDate))}
      </td>
      {/* 'Calibration not required' wraps (walk s14): kept on one line it widened the table past its card. */}
      <td data-label="Expires" className={s.calibrationSkipped ? undefined : 'text-nowrap'}>
        {s.calibrationSkipped ? CALIBRATION_STATUS_LABELS.notRequired : orDash(formatUtcDay(s.expires))}
      </td>
      <td data-label="Calibrator">{orDash(s.calibratorName)}</td>
      <td data-label="Certificate">
        {s.certificate ? (
          <Button variant="link" size="sm" className="p-0" onClick={() => onCertificate(s.certificate!)}>
            Certificate
          </Button>
        ) : (
          '—'
        )}
      </td>
      <td data-label="Status at use">
        <Badge
          className="align-self-start text-wrap text-start"
          bg={STATUS_VARIANT[s.status]}
          text={s.status === 'expired' || s.status === 'never' ? 'dark' : undefined}
        >
          {CALIBRATION_STATUS_LABELS[s.status]}
        </Badge>
      </td>
      <td data-label="Override">
        <OverrideCell override={s.override} />
      </td>
    </tr>
  )
}

/**
 * The test equipment a record used, as it was at the record's date (issue #15.2): the frozen snapshot
 * stored with the record, so a later calibration of a device never changes it. Shown on /Records/{id}
 * and read-only /DataEntry. Nothing for records stored before snapshots existed.
 */
export function EquipmentUsed({ snapshots }: { snapshots: readonly EquipmentSnapshot[] | undefined }) {
  const [certificate, setCertificate] = useState<string | null>(null)
  const services = useMemo(() => createRuntimeServices({}), [])
  if (!snapshots?.length) return null
  return (
    <Card className="shadow-sm mt-3 equipment-used">
      <Card.Header as="h2" className="h6 mb-0">
        Test equipment used (as at the record&apos;s date)
      </Card.Header>
      <Card.Body className="p-0">
        {/*
         * Scrolls inside its card at every width (walk s14): with `responsive="md"` it scrolled only below
         * 768 px, so at 1366 px a record with long texts widened the whole page and cut the Override column.
         */}
        <Table size="sm" responsive className="mb-0 stacked-table" aria-label="Test equipment used">
          <thead>
            <tr>
              {['Serial', 'Description', 'Owner', 'Calibrated', 'Expires', 'Calibrator', 'Certificate'].map(
                (h) => (
                  <th key={h} scope="col">
                    {h}
                  </th>
                ),
              )}
              <th scope="col">Status at use</th>
              <th scope="col">Override</th>
            </tr>
          </thead>
          <tbody>
            {snapshots.map((s) => (
              <SnapshotRow key={s.testEquipmentId} snapshot={s} onCertificate={setCertificate} />
            ))}
          </tbody>
        </Table>
      </Card.Body>
      {certificate && (
        <DocumentViewerModal
          document={{
            savedFilename: certificate,
            name: 'Calibration certificate',
            contentType: 'application/octet-stream',
          }}
          services={services}
          onClose={() => setCertificate(null)}
        />
      )}
    </Card>
  )
}
