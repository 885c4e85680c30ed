import { Fragment, useState } from 'react'
import { useAtomValue } from 'jotai'
import Badge from 'react-bootstrap/Badge'
import Button from 'react-bootstrap/Button'
import Card from 'react-bootstrap/Card'
import { Link } from 'react-router-dom'
import { QRCodeSVG } from 'qrcode.react'
import { UNKNOWN_ASSET_TAG } from '../../../schemas/records'
import { Banner } from '../../components/banner'
import { describeError } from '../../api/client'
import { formatUtc } from '../../components/date-format'
import { Loading } from '../../components/page-state'
import { PageHeader } from '../../components/page-header'
import { appConfigAtom } from '../../session/session-atoms'
import { calibrationState, locationName, qrPayload } from './calibration'
import { CALIBRATION_STATE_ICON, CalibrationIcon } from './calibration-icon'
import { PrintLabelDialog } from './equipment-label'
import { useTestEquipmentDetail } from './use-test-equipment-detail'
import { CalibrationHistoryCard } from './calibration-history-card'
import { EquipmentUsageCard } from './equipment-usage-card'
import { OpenCasesAlert } from './open-cases-alert'
import { useDeviceHistory } from './use-device-history'

/** The item's calibration status and facts. */
function FactsCard(props: {
  item: NonNullable<ReturnType<typeof useTestEquipmentDetail>['item']>
  status: NonNullable<ReturnType<typeof useTestEquipmentDetail>['status']>
  facts: [string, string][]
  productTypeFailed: boolean
}) {
  const { item, status, facts, productTypeFailed } = props
  // The list's standing today, with the lead time of /config.json (use-test-equipment-list.ts).
  const { calibrationDueSoonDays: dueSoonDays } = useAtomValue(appConfigAtom)
  const state = calibrationState(item, new Date(), dueSoonDays)
  return (
    <Card className="shadow-sm">
      <Card.Body>
        <p className="d-flex align-items-center gap-2 mb-3" data-testid="calibration-status">
          <CalibrationIcon kind={CALIBRATION_STATE_ICON[state]} />
          <Badge bg={status.variant} className="fs-6 fw-normal">
            {status.text}
          </Badge>
        </p>
        <dl className="row mb-0">
          {facts.map(([k, v]) => (
            <Fragment key={k}>
              <dt className="col-sm-5 text-secondary fw-normal">{k}</dt>
              <dd
                className={`col-sm-7${k === 'Product Type' && productTypeFailed ? ' text-danger' : ''}`}
                role={k === 'Product Type' && productTypeFailed ? 'alert' : undefined}
              >
                {v}
              </dd>
            </Fragment>
          ))}
        </dl>
      </Card.Body>
    </Card>
  )
}

/** /TestEquipment/{id} (SPEC §2): full serial in the title, calibration status, QR code and 'Print Label'. */
export default function TestEquipmentDetailPage() {
  const { item, status, loading, error, productType, productTypeFailed } = useTestEquipmentDetail()
  const [printing, setPrinting] = useState(false)
  // Issue #15.3: open cases on top, then the calibration history and the usage under the item.
  const device = useDeviceHistory(item?.id ?? null)

  if (error)
    return (
      <>
        <PageHeader title="Test Equipment" />
        <Banner variant="error" message={error} />
        <Link to="/TestEquipment">Back to test equipment</Link>
      </>
    )
  if (loading || !item || !status) return <Loading />

  const cal = item.latestCalibration
  const facts: [string, string][] = [
    ['Description', item.description || '—'],
    ['Product Type', productType ?? '—'],
    ['Physical Serial Number', item.assetTag || UNKNOWN_ASSET_TAG],
    ['Location', locationName(item)],
    ['Owner', item.owner?.name || '—'],
    ['Calibrated on', formatUtc(cal?.date) || '—'],
    ['Expires', cal?.skipped ? 'Calibration not required' : formatUtc(cal?.expires) || '—'],
    ['Calibrator', cal?.calibrator?.name || '—'],
  ]
  return (
    <>
      <PageHeader title={`Test Equipment ${item.serialNumber.full}`}>
        <Link to={`/Records?filter=testEquipment&value=${item.id}`} className="btn btn-outline-primary">
          Records
        </Link>
        <Button onClick={() => setPrinting(true)}>Print Label</Button>
      </PageHeader>
      <OpenCasesAlert cases={device.openCases} />
      <div className="row g-3">
        <div className="col-12 col-md-8">
          <FactsCard item={item} status={status} facts={facts} productTypeFailed={productTypeFailed} />
        </div>
        <div className="col-12 col-md-4">
          <Card className="shadow-sm h-100">
            <Card.Body className="d-flex flex-column align-items-center justify-content-center gap-2">
              <QRCodeSVG value={qrPayload(item)} size={160} level="M" role="img" aria-label="QR code" />
              <small className="text-secondary text-center">
                Scan to pick {item.serialNumber.full} in a form
              </small>
            </Card.Body>
          </Card>
        </div>
      </div>
      {device.history.error ? (
        <Banner variant="error" message={describeError(device.history.error)} />
      ) : (
        device.history.data && <CalibrationHistoryCard history={device.history.data} />
      )}
      <EquipmentUsageCard deviceId={item.id} serial={item.serialNumber.full} />
      <div className="mt-3">
        <Link to="/TestEquipment">Back to test equipment</Link>
      </div>
      <PrintLabelDialog item={item} show={printing} onClose={() => setPrinting(false)} />
    </>
  )
}
