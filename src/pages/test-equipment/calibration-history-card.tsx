import { useMemo, useState } from 'react'
import Badge from 'react-bootstrap/Badge'
import Button from 'react-bootstrap/Button'
import Card from 'react-bootstrap/Card'
import Table from 'react-bootstrap/Table'
import { Link } from 'react-router-dom'
import { DocumentViewerModal } from '../../../runtime/widgets/document-viewer-modal'
import { resultLabel, type CalibrationHistoryItem } from '../../../schemas/records'
import { createRuntimeServices } from '../../api/runtime-services'
import { formatUtcDay } from '../../components/date-format'

/** As found / as left: Pass (green), Fail (red) or n/a when not measured. */
function Condition({ result }: { result: CalibrationHistoryItem['asFound'] }) {
  if (result === '-') return <span className="text-secondary">n/a</span>
  return <Badge bg={result === 'pass' ? 'success' : 'danger'}>{resultLabel(result)}</Badge>
}

/** One calibration of the device. */
function HistoryRow({ h, onCertificate }: { h: CalibrationHistoryItem; onCertificate: () => void }) {
  return (
    <tr className={h.asFound === 'fail' ? 'table-danger' : undefined}>
      <td data-label="Calibrated" className="text-nowrap">
        {formatUtcDay(h.calibrationDate)}
      </td>
      <td data-label="Expires" className="text-nowrap">
        {h.skipped ? 'Calibration not required' : formatUtcDay(h.expires) || '—'}
      </td>
      <td data-label="Calibrator">{h.calibratorName || '—'}</td>
      <td data-label="As found">
        <Condition result={h.asFound} />
        {h.impactCaseId && (
          <Link to={`/ImpactCases/${h.impactCaseId}`} className="d-block small">
            Impact case {h.impactCaseId}
          </Link>
        )}
      </td>
      <td data-label="As left">
        <Condition result={h.asLeft} />
      </td>
      <td data-label="Certificate">
        {h.certificate ? (
          <Button variant="link" size="sm" className="p-0" onClick={onCertificate}>
            {h.certificateName ?? 'Certificate'}
          </Button>
        ) : (
          '—'
        )}
      </td>
      <td data-label="Record">
        <Link to={`/Records/${h.recordId}`}>Record {h.recordId}</Link>
      </td>
    </tr>
  )
}

/**
 * Every calibration of the device, newest first (issue #15.3): date, expiry, calibrator, the device as
 * found and as left, the certificate (opened in the document viewer, downloadable there), the calibration
 * record and the case an as-found Fail opened. Stacked below 576 px.
 */
export function CalibrationHistoryCard({ history }: { history: readonly CalibrationHistoryItem[] }) {
  const [certificate, setCertificate] = useState<{ file: string; name: string } | null>(null)
  const services = useMemo(() => createRuntimeServices({}), [])
  return (
    <Card className="shadow-sm mt-3">
      <Card.Header as="h2" className="h6 mb-0">
        Calibration history
      </Card.Header>
      <Card.Body className="p-0">
        {history.length === 0 ? (
          <p className="p-3 mb-0 text-secondary">No calibration recorded for this device.</p>
        ) : (
          <Table size="sm" responsive="md" className="mb-0 stacked-table" aria-label="Calibration history">
            <thead>
              <tr>
                {['Calibrated', 'Expires', 'Calibrator', 'As found', 'As left', 'Certificate', 'Record'].map(
                  (h) => (
                    <th key={h} scope="col">
                      {h}
                    </th>
                  ),
                )}
              </tr>
            </thead>
            <tbody>
              {history.map((h) => (
                <HistoryRow
                  key={h.recordId}
                  h={h}
                  onCertificate={() =>
                    setCertificate({ file: h.certificate!, name: h.certificateName ?? 'Certificate' })
                  }
                />
              ))}
            </tbody>
          </Table>
        )}
      </Card.Body>
      {certificate && (
        <DocumentViewerModal
          document={{
            savedFilename: certificate.file,
            name: certificate.name,
            contentType: 'application/octet-stream',
          }}
          services={services}
          onClose={() => setCertificate(null)}
        />
      )}
    </Card>
  )
}
