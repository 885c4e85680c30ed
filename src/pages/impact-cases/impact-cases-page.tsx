import { useMemo } from 'react'
import Form from 'react-bootstrap/Form'
import { DataGrid } from '../../../runtime/grid'
import { describeError } from '../../api/client'
import { Banner } from '../../components/banner'
import { PageHeader } from '../../components/page-header'
import { caseColumns } from './case-columns'
import { casesEmptyText, useImpactCasesList, type StatusChoice } from './use-impact-cases-list'

/**
 * /ImpactCases (issue #15.3, admins and configurators): every impact case, newest first, server-paged,
 * with its device, window and the counts of undecided, accepted, retest and recalled records.
 */
export default function ImpactCasesPage() {
  const list = useImpactCasesList()
  const columns = useMemo(() => caseColumns(), [])
  return (
    <>
      <PageHeader title="Impact Cases" />
      <p className="text-secondary small mb-3">
        A calibration that finds a device out of tolerance opens a case listing every record that used it
        since its last passing calibration. Decide each record: accept (with a reason), retest or recall.
      </p>
      <Form className="d-flex flex-wrap align-items-end gap-2 mb-3" onSubmit={(e) => e.preventDefault()}>
        <Form.Group controlId="impact-cases-status">
          <Form.Label className="mb-1 small text-secondary">Status</Form.Label>
          <Form.Select
            value={list.status}
            onChange={(e) => list.setStatus(e.target.value as StatusChoice)}
            style={{ minWidth: 160 }}
          >
            <option value="">All cases</option>
            <option value="open">Open</option>
            <option value="closed">Closed</option>
          </Form.Select>
        </Form.Group>
      </Form>
      <Banner variant="error" message={list.error ? describeError(list.error) : null} />
      <DataGrid
        label="Impact Cases"
        columns={columns}
        data={list.rows}
        loading={list.loading}
        loadFailed={Boolean(list.error)}
        onRetry={list.reload}
        getRowId={(c) => String(c.id)}
        emptyText={casesEmptyText(list.status, list.totalCount)}
        server={{ query: list.query, totalCount: list.totalCount, onQueryChange: list.setQuery }}
      />
    </>
  )
}
