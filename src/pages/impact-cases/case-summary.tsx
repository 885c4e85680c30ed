import { Fragment, type ReactNode } from 'react'
import Badge from 'react-bootstrap/Badge'
import Card from 'react-bootstrap/Card'
import { Link } from 'react-router-dom'
import type { ImpactCase } from '../../../schemas/records'
import { formatUtc } from '../../components/date-format'
import { CaseStatusBadge, caseKindText, windowText } from './case-labels'

/** The counts of a case as badges: total, undecided, accepted, retest, recalled. */
export function CaseCounts({ c }: { c: ImpactCase }) {
  const { counts } = c
  return (
    <div className="d-flex flex-wrap gap-2" data-testid="case-counts">
      <Badge bg="light" text="dark" className="border">
        {counts.total} suspect
      </Badge>
      <Badge bg="warning" text="dark">
        {counts.undecided} undecided
      </Badge>
      <Badge bg="success">{counts.accept} accepted</Badge>
      <Badge bg="info" text="dark">
        {counts.retest} retest
      </Badge>
      <Badge bg="danger">{counts.recall} recalled</Badge>
    </div>
  )
}

/** The case's facts: device, what opened it, the window, who opened and closed it, and its counts. */
export function CaseSummary({ c }: { c: ImpactCase }) {
  const facts: [string, ReactNode][] = [
    [
      'Test equipment',
      <Link key="te" to={`/TestEquipment/${c.testEquipmentId}`}>
        {c.testEquipmentSerial}
        {c.testEquipmentDescription ? ` — ${c.testEquipmentDescription}` : ''}
      </Link>,
    ],
    [
      'Opened because',
      c.calibrationRecordId ? (
        <>
          {caseKindText(c)} (<Link to={`/Records/${c.calibrationRecordId}`}>calibration record</Link>)
        </>
      ) : (
        caseKindText(c)
      ),
    ],
    [
      'Suspect window',
      <>
        {windowText(c)}
        {c.kind === 'failedCalibration' && (
          <span className="d-block small text-secondary">
            {c.lastPassingRecordId ? (
              <>
                From the day of the last passing{' '}
                <Link to={`/Records/${c.lastPassingRecordId}`}>calibration</Link> to the day it was found out
                of tolerance, both included.
              </>
            ) : (
              'No passing calibration before: every use up to the day it was found out of tolerance.'
            )}
          </span>
        )}
      </>,
    ],
    ['Opened', `${formatUtc(c.openedAt)} by ${c.openedByName}`],
    ['Status', <CaseStatusBadge key="status" status={c.status} />],
  ]
  if (c.closedAt) facts.push(['Closed', `${formatUtc(c.closedAt)} by ${c.closedByName ?? '—'}`])
  return (
    <Card className="shadow-sm mb-3">
      <Card.Body>
        <dl className="row mb-2">
          {facts.map(([k, v]) => (
            <Fragment key={k}>
              <dt className="col-sm-4 col-lg-3 text-secondary fw-normal">{k}</dt>
              <dd className="col-sm-8 col-lg-9">{v}</dd>
            </Fragment>
          ))}
        </dl>
        <CaseCounts c={c} />
      </Card.Body>
    </Card>
  )
}
