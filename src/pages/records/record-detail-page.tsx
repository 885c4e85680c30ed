import Card from 'react-bootstrap/Card'
import { Link, useNavigate } from 'react-router-dom'
import Button from 'react-bootstrap/Button'
import { PageHeader } from '../../components/page-header'
import { PageState } from '../../components/page-state'
import { HistoryPanel, layoutLabels } from '../../components/history-panel'
import { RecordTestsCard } from './record-tests-card'
import { ParametersUsed } from '../../components/parameters-used'
import { EquipmentUsed } from '../../components/equipment-used'
import { RecordTablesCard } from './record-tables-card'
import { useRecordDetail } from './use-record-detail'
import { recordHistoryValue } from '../../components/record-values'
import { CertificateButton } from '../../components/certificate-button'
import { ReviewPanel, SupersededNotice } from '../../components/review-panel'
import { OpenedCaseNotice, SuspectNotice } from './suspect-notice'

/**
 * /Records/{id} (SPEC §2): the record as key/value lines, labelled by the layout it was captured with;
 * a superseded record says so first, whatever its review state, then a suspect one (an impact case's).
 * Prints as the record alone (styles.css).
 */
export default function RecordDetailPage() {
  const { id, data, loading, error, reload } = useRecordDetail()
  const navigate = useNavigate()
  const title = data ? `${data.record.recordTypeName} ${data.record.productSerialNumber}` : `Record ${id}`
  return (
    <>
      <PageHeader title={title}>
        {data && <CertificateButton recordId={data.record.recordId} />}
        <Button variant="outline-secondary" onClick={() => navigate(-1)}>
          Back
        </Button>
      </PageHeader>
      <PageState loading={loading} error={error} onRetry={reload}>
        {data && <SupersededNotice supersededBy={data.record.supersededById} />}
        {data && <SuspectNotice state={data.record.suspect} cases={data.record.impactCases} />}
        {data && <OpenedCaseNotice caseId={data.record.openedImpactCase} />}
        {data && (
          <Card className="shadow-sm record-detail">
            <Card.Body>
              <dl className="row mb-0" aria-label={`Record ${id}`}>
                {data.lines.map((l) => (
                  <div key={l.key} className="col-12 row border-bottom py-1 mx-0 record-line">
                    <dt className="col-sm-4 text-secondary fw-normal px-0">{l.label}</dt>
                    <dd className="col-sm-8 mb-0 px-0 text-break">{l.value}</dd>
                  </div>
                ))}
              </dl>
            </Card.Body>
          </Card>
        )}
        {data?.judgement && <RecordTestsCard judgement={data.judgement} />}
        {data && <RecordTablesCard tables={data.tables} />}
        {data && <ParametersUsed parameters={data.record.parameters ?? []} />}
        {data && <EquipmentUsed snapshots={data.record.testEquipmentUsed} />}
      </PageState>
      {data && (
        <ReviewPanel
          recordId={data.record.recordId}
          revision={data.record.revision}
          onChanged={reload}
          supersededShown
        />
      )}
      <HistoryPanel
        entity="record"
        id={id}
        labels={layoutLabels(data?.layout)}
        format={data ? recordHistoryValue(data.record, data.layout) : undefined}
      />
      <div className="mt-3 d-print-none">
        <Link to="/Records">All records</Link>
      </div>
    </>
  )
}
