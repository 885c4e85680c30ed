import { useMemo, useState } from 'react'
import Button from 'react-bootstrap/Button'
import Form from 'react-bootstrap/Form'
import Modal from 'react-bootstrap/Modal'
import type { RecordsFilter } from '../../../../schemas/records'
import { Banner } from '../../../components/banner'
import { Loading } from '../../../components/page-state'
import type { CategoryChoice } from '../records-model'
import { exportFilter, gridFiltersNote, type ExportForm } from './export-form'
import { CategorySection } from './export-sections'
import { ExportFilterFields } from './export-filter-fields'
import { ExportMatchStatus } from './export-match-status'
import { useMatchCount } from './use-match-count'
import { DOWNLOAD_NOW_LIMIT } from '../../../../schemas/records'
import { useDownloadNow } from './use-download-now'
import { useExportOptions } from './use-export-options'

export interface ExportDialogProps {
  initial: ExportForm
  choices: readonly CategoryChoice[]
  /** The names of the categories (ITRCATEGORY's). */
  labels: Readonly<Record<CategoryChoice, string>>
  /** Logs the server export; true when it was accepted (the dialog then closes). */
  onExport: (filter: RecordsFilter) => Promise<boolean>
  exporting: boolean
  onClose: () => void
}

/**
 * The Excel export dialog (SPEC §2): Serial Number, Record Type (multi-select), Product Type, Date with
 * start and end toggles (dd-MM-yyyy) and the category sections, starting from the records grid's filters
 * (named in a line above the fields). 'Export' logs the server export;
 * 'Download now' (beyond SPEC) fetches the same workbook at once for up to 10,000 records.
 */
export function ExportDialog({ initial, choices, labels, onExport, exporting, onClose }: ExportDialogProps) {
  const [form, setForm] = useState(initial)
  const [touched, setTouched] = useState(false)
  const set = (patch: Partial<ExportForm>) => setForm((f) => ({ ...f, ...patch }))
  const options = useExportOptions()
  const now = useDownloadNow()
  const result = useMemo(() => exportFilter(form), [form])
  const gridNote = useMemo(() => gridFiltersNote(form), [form])
  const errors = touched && 'errors' in result ? result.errors : {}
  const matches = useMatchCount('filter' in result ? result.filter : null)
  const recordTypes = (options.data?.recordTypes ?? []).filter(
    (t) => form.category === 'all' || t.category === form.category,
  )

  const submit = async () => {
    setTouched(true)
    if ('filter' in result && (await onExport(result.filter))) onClose()
  }
  const downloadNow = async () => {
    setTouched(true)
    if ('filter' in result) await now.run(result.filter)
  }
  const canDownloadNow = matches != null && matches > 0 && matches <= DOWNLOAD_NOW_LIMIT && !now.busy

  return (
    <Modal show onHide={onClose} size="lg" aria-labelledby="export-title" backdrop="static">
      <Modal.Header closeButton>
        <Modal.Title id="export-title" as="h2" className="h5">
          Export to Excel
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {/* The grid's filters the dialog has no field for: the export holds the grid's records. */}
        {gridNote && <p className="small text-secondary mb-2 export-grid-filters">{gridNote}</p>}
        {options.loading ? (
          <Loading />
        ) : (
          <Form
            noValidate
            onSubmit={(e) => {
              e.preventDefault()
              void submit()
            }}
            id="export-form"
          >
            <ExportFilterFields
              form={form}
              set={set}
              errors={errors}
              productTypes={options.data?.productTypes}
              recordTypes={recordTypes}
              choices={choices}
              labels={labels}
            />
            <hr className="my-2" />
            {options.data && <CategorySection form={form} set={set} options={options.data} />}
          </Form>
        )}
        <ExportMatchStatus matches={matches} busy={now.busy} />
        <div className="mt-2">
          <Banner variant="error" message={now.error} onClose={now.clearError} />
        </div>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onClose}>
          Cancel
        </Button>
        {now.busy ? (
          <Button variant="outline-secondary" onClick={now.cancel}>
            Stop download
          </Button>
        ) : (
          <Button variant="outline-primary" onClick={() => void downloadNow()} disabled={!canDownloadNow}>
            Download now
          </Button>
        )}
        <Button type="submit" form="export-form" disabled={exporting || options.loading}>
          {exporting ? 'Please wait..' : 'Export'}
        </Button>
      </Modal.Footer>
    </Modal>
  )
}
