import { useMemo } from 'react'
import Button from 'react-bootstrap/Button'
import Form from 'react-bootstrap/Form'
import { Link, useParams } from 'react-router-dom'
import { DataGrid } from '../../../runtime/grid'
import { DISPOSITION_LABELS, SUSPECT_STATES, type SuspectState } from '../../../schemas/records'
import { Banner } from '../../components/banner'
import { PageHeader } from '../../components/page-header'
import { PageState } from '../../components/page-state'
import { listHref } from './cases-url'
import { CaseSummary } from './case-summary'
import { DispositionBar } from './disposition-bar'
import { suspectColumns } from './suspect-columns'
import { useImpactCase, type ImpactCaseController, type StateChoice } from './use-impact-case'

function CaseRecords({ c }: { c: ImpactCaseController }) {
  const open = c.found.data?.status === 'open'
  const { rows } = c.records
  const columns = useMemo(
    () => suspectColumns(rows, c.selected, c.toggle, c.toggleAll, open),
    [rows, c.selected, c.toggle, c.toggleAll, open],
  )
  return (
    <>
      <div className="d-flex flex-wrap align-items-end justify-content-between gap-2 mb-2">
        <h2 className="h5 mb-0">Suspect records</h2>
        <Form.Group controlId="suspect-state" className="d-flex align-items-center gap-2">
          <Form.Label className="mb-0 small text-secondary">Show</Form.Label>
          <Form.Select
            size="sm"
            value={c.state}
            onChange={(e) => c.setState(e.target.value as StateChoice)}
            style={{ minWidth: 150 }}
          >
            <option value="">All records</option>
            {SUSPECT_STATES.map((s: SuspectState) => (
              <option key={s} value={s}>
                {DISPOSITION_LABELS[s]}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
      </div>
      {open && <DispositionBar c={c} />}
      <DataGrid
        label="Suspect records"
        columns={columns}
        data={rows}
        loading={c.records.loading}
        loadFailed={Boolean(c.records.error)}
        onRetry={c.records.reload}
        getRowId={(r) => String(r.recordId)}
        emptyText="No suspect records in this view."
        server={{ query: c.query, totalCount: c.records.totalCount, onQueryChange: c.setQuery }}
      />
    </>
  )
}

function CaseDetail() {
  const c = useImpactCase()
  const found = c.found.data
  const undecided = found?.counts.undecided ?? 0
  return (
    <>
      <PageHeader title={c.caseId ? `Impact Case ${c.caseId}` : 'Impact Case'}>
        {found && (
          <>
            <Button variant="success" disabled={c.busy} onClick={() => void c.exportXlsx()}>
              Export XLSX
            </Button>
            {found.status === 'open' && (
              <Button
                variant="primary"
                disabled={c.busy || undecided > 0}
                title={
                  undecided > 0 ? 'Every record needs a disposition before the case can close.' : undefined
                }
                onClick={() => void c.close()}
              >
                Close case
              </Button>
            )}
          </>
        )}
        <Link to={listHref()} className="btn btn-outline-secondary">
          Back
        </Link>
      </PageHeader>
      <Banner variant="success" message={c.done} onClose={c.dismiss} />
      <Banner variant="error" message={c.error} onClose={c.dismiss} />
      <PageState loading={c.found.loading && !found} error={c.loadError} onRetry={c.retry}>
        {found && (
          <>
            <CaseSummary c={found} />
            {found.status === 'open' && undecided > 0 && (
              <p className="small text-secondary">
                {undecided} record{undecided === 1 ? '' : 's'} still need a disposition before the case can
                close.
              </p>
            )}
            <CaseRecords c={c} />
          </>
        )}
      </PageState>
    </>
  )
}

/** /ImpactCases/{id} (issue #15.3): one case, its suspect records with their dispositions, Close, Export XLSX. */
export default function ImpactCasePage() {
  const { id = '' } = useParams()
  // A new id is a new case: nothing of the last one (selection, filter, page) carries over.
  return <CaseDetail key={id} />
}
