import { useMemo } from 'react'
import Button from 'react-bootstrap/Button'
import Form from 'react-bootstrap/Form'
import { useAtomValue } from 'jotai'
import { DataGrid } from '../../../runtime/grid'
import { AUDIT_ENTITIES } from '../../../schemas/audit'
import { describeError } from '../../api/client'
import { Banner } from '../../components/banner'
import { FieldDiff } from '../../components/history-panel'
import { PageHeader } from '../../components/page-header'
import { sessionAtom } from '../../session/session-atoms'
import { NotAuthorisedPage } from '../not-authorised-page'
import { auditColumns } from './audit-columns'
import { auditReading, inEntityOrder } from './audit-values'
import { NO_FILTERS, useAuditList } from './use-audit-list'
import { DayText } from '../../components/day-text'
import { DayTexts, useDayTextScope } from '../../components/day-text-scope'

function AuditList() {
  const list = useAuditList()
  const columns = useMemo(() => auditColumns(), [])
  const { filters, setFilters } = list
  // Clear Filters empties the date boxes too when they show text that is not a day (no filter to clear).
  const days = useDayTextScope(() => setFilters(NO_FILTERS))
  return (
    <DayTexts scope={days.scope}>
      <PageHeader title="Audit" />
      <Form
        // Top-aligned: a date's hint under its box (DayText) lengthens its column, not the row's boxes.
        className="d-flex flex-wrap align-items-start gap-2 mb-3 audit-filters"
        onSubmit={(e) => e.preventDefault()}
      >
        <Form.Group controlId="audit-user">
          <Form.Label className="mb-1 small text-secondary">User</Form.Label>
          <Form.Control
            value={filters.user}
            placeholder="Any user"
            onChange={(e) => setFilters({ ...filters, user: e.target.value })}
          />
        </Form.Group>
        <Form.Group controlId="audit-entity">
          <Form.Label className="mb-1 small text-secondary">Entity</Form.Label>
          <Form.Select
            value={filters.entity}
            onChange={(e) => setFilters({ ...filters, entity: e.target.value })}
            style={{ minWidth: 190 }}
          >
            <option value="">All entities</option>
            {Object.entries(AUDIT_ENTITIES).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        {/* A day fits in 11rem: so the four filters and Clear Filters share one line at 1366 px. */}
        <Form.Group controlId="audit-from" style={{ width: '11rem' }}>
          <Form.Label className="mb-1 small text-secondary">From</Form.Label>
          <DayText
            iso={filters.from}
            onChange={(day) => setFilters({ ...filters, from: day })}
            label="From"
          />
        </Form.Group>
        <Form.Group controlId="audit-to" style={{ width: '11rem' }}>
          <Form.Label className="mb-1 small text-secondary">To</Form.Label>
          <DayText iso={filters.to} onChange={(day) => setFilters({ ...filters, to: day })} label="To" />
        </Form.Group>
        <div>
          {/* The labels' line, so the button stays level with the boxes (on a phone it has a row of its own). */}
          <div className="mb-1 small d-none d-sm-block" aria-hidden="true">
            &nbsp;
          </div>
          <Button variant="outline-secondary" onClick={days.clear}>
            Clear Filters
          </Button>
        </div>
      </Form>
      <Banner variant="error" message={list.error ? describeError(list.error) : null} />
      <DataGrid
        label="Audit"
        columns={columns}
        data={list.rows}
        loading={list.loading}
        getRowId={(r) => String(r.id)}
        emptyText="No changes match these filters."
        renderExpanded={(row) => (
          <FieldDiff entry={inEntityOrder(row.original)} {...auditReading(row.original.entity)} />
        )}
        server={{ query: list.query, totalCount: list.totalCount, onQueryChange: list.setQuery }}
      />
    </DayTexts>
  )
}

/**
 * /Audit (issue 8, admins only): every recorded change, newest first, server-paged, filtered by user,
 * entity and date range; a row opens to its field-level diff.
 */
export default function AuditPage() {
  const session = useAtomValue(sessionAtom)
  // Configurators may open every page of SPEC §2, but the audit trail is the view-all role's.
  if (session?.view !== 'viewAll') return <NotAuthorisedPage />
  return <AuditList />
}
