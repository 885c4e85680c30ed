import { useMemo, useState } from 'react'
import { DataGrid } from '../../../runtime/grid'
import { describeError } from '../../api/client'
import { Banner } from '../../components/banner'
import { PageHeader } from '../../components/page-header'
import { ExportDialog } from './export/export-dialog'
import { gridEntries, initialExportForm } from './export/export-form'
import { useServerExport } from './export/use-server-export'
import { ExportStatus } from './export-status'
import { recordColumns } from './record-columns'
import { UrlFiltersAlert } from './url-filters-alert'
import { useRecordsList } from './use-records-list'
import { CertificatesDialog } from './certificates/certificates-dialog'
import { BatchFeedback } from './certificates/batch-feedback'
import { SelectionBar } from './certificates/selection-bar'
import { useCertificateBatch } from './certificates/use-certificate-batch'
import { useRecordSelection } from './certificates/use-record-selection'
import { RecordsToolbar } from './records-toolbar'

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
      <RecordsToolbar
        list={list}
        selectionCount={selection.count}
        onExport={() => setExporting(true)}
        onCertificates={() => {
          batch.clearError()
          setCertifying(true)
        }}
      />
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
      <BatchFeedback batch={batch} showError={!certifying} />
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
        emptyText={
          !list.review.myQueue
            ? 'No records match these filters.'
            : list.narrowed
              ? // Walk s14: not 'Nothing waits for you' when it is the other filters that hide the queue.
                'No record in your queue matches these filters.'
              : // Says why the queue can be empty while records wait: each waits for one role at a time.
                'Nothing waits for you: My queue lists the records submitted for review (for reviewers) and the reviewed records waiting for approval (for approvers).'
        }
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
          initial={initialExportForm(list.category, gridEntries(list.currentFilter))}
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
