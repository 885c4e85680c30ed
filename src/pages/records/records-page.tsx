import { useMemo, useState } from 'react'
import Button from 'react-bootstrap/Button'
import Form from 'react-bootstrap/Form'
import { DataGrid } from '../../../runtime/grid'
import { describeError } from '../../api/client'
import { Banner } from '../../components/banner'
import { PageHeader } from '../../components/page-header'
import { ExportDialog } from './export/export-dialog'
import { initialExportForm } from './export/export-form'
import { useServerExport } from './export/use-server-export'
import { ExportStatus } from './export-status'
import { recordColumns } from './record-columns'
import type { CategoryChoice } from './records-model'
import { UrlFiltersAlert } from './url-filters-alert'
import { useRecordsList } from './use-records-list'
import { CertificatesDialog } from './certificates/certificates-dialog'
import { CertificateJobStatus } from './certificates/certificate-job-status'
import { SelectionBar } from './certificates/selection-bar'
import { useCertificateBatch } from './certificates/use-certificate-batch'
import { useRecordSelection } from './certificates/use-record-selection'

/**
 * /Records (SPEC §2): server-paged records titled 'Records', filtered by the query parameters; a
 * category dropdown (hidden with one category) and 'Export to Excel' above the grid; columns by category.
 */
export default function RecordsPage() {
  const list = useRecordsList()
  const exporter = useServerExport()
  const [exporting, setExporting] = useState(false)
  const selection = useRecordSelection(list.currentFilter, list.totalCount)
  const batch = useCertificateBatch()
  const [certifying, setCertifying] = useState(false)
  const columns = useMemo(() => recordColumns(list.category, selection), [list.category, selection])

  return (
    <>
      <PageHeader title="Records" />
      <div className="d-flex flex-wrap align-items-end gap-2 mb-3 records-toolbar">
        {list.choices.length > 1 && (
          <Form.Group controlId="records-category">
            <Form.Label className="mb-1 small text-secondary">Category</Form.Label>
            <Form.Select
              value={list.category}
              onChange={(e) => list.chooseCategory(e.target.value as CategoryChoice)}
              style={{ minWidth: 200 }}
            >
              {list.choices.map((c) => (
                <option key={c} value={c}>
                  {list.labels[c]}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
        )}
        <Form.Check
          type="switch"
          id="records-suspect"
          className="mb-2"
          label="Suspect only"
          checked={list.suspectOnly}
          onChange={(e) => list.setSuspectOnly(e.target.checked)}
        />
        <Button variant="success" onClick={() => setExporting(true)} disabled={list.choices.length === 0}>
          Export to Excel
        </Button>
        {/* Batch certificates (issue #16.3): of the rows ticked, or of every record matching. */}
        <Button
          variant="outline-primary"
          onClick={() => {
            batch.clearError()
            setCertifying(true)
          }}
          disabled={selection.count === 0}
        >
          Certificates{selection.count > 0 ? ` (${selection.count.toLocaleString('en-GB')})` : ''}
        </Button>
      </div>
      <UrlFiltersAlert filters={list.base} onClear={list.clearUrlFilters} />
      <Banner variant="success" message={exporter.banner} />
      <Banner variant="error" message={exporter.error} onClose={exporter.dismissError} />
      {exporter.job && (
        <ExportStatus
          job={exporter.job}
          onDownload={() => void exporter.download()}
          onDismiss={exporter.dismissJob}
        />
      )}
      <Banner variant="success" message={batch.banner} onClose={batch.clearBanner} />
      {!certifying && <Banner variant="error" message={batch.error} onClose={batch.clearError} />}
      {batch.job && (
        <CertificateJobStatus
          job={batch.job}
          onDownload={() => void batch.download()}
          onDismiss={batch.dismissJob}
        />
      )}
      <SelectionBar selection={selection} totalCount={list.totalCount} />
      {list.choices.length === 0 && (
        <Banner variant="warning" message="You have not been given any record categories to view." />
      )}
      <Banner variant="error" message={list.error ? describeError(list.error) : null} />
      <DataGrid
        label="Records"
        columns={columns}
        data={list.rows}
        loading={list.loading}
        loadFailed={Boolean(list.error)}
        onRetry={list.reload}
        getRowId={(r) => String(r.recordId)}
        emptyText="No records match these filters."
        server={{ query: list.query, totalCount: list.totalCount, onQueryChange: list.setQuery }}
      />
      {certifying && (
        <CertificatesDialog
          count={selection.count}
          busy={batch.busy}
          error={batch.error}
          onMake={(format) =>
            void batch.run(selection, format).then((done) => {
              if (done) setCertifying(false)
            })
          }
          onClose={() => {
            batch.cancel()
            setCertifying(false)
          }}
        />
      )}
      {exporting && (
        <ExportDialog
          initial={initialExportForm(list.category, list.base)}
          choices={list.choices}
          labels={list.labels}
          onExport={exporter.start}
          exporting={exporter.busy}
          onClose={() => setExporting(false)}
        />
      )}
    </>
  )
}
