import { useEffect, useMemo, useState } from 'react'
import Button from 'react-bootstrap/Button'
import Form from 'react-bootstrap/Form'
import Modal from 'react-bootstrap/Modal'
import type { RecordsFilter } from '../../../../schemas/records'
import { Banner } from '../../../components/banner'
import { Loading } from '../../../components/page-state'
import { useDebounced } from '../../../components/use-debounced'
import { recordsApi } from '../records-api'
import { filterFieldName, type CategoryChoice } from '../records-model'
import { exportFilter, type ExportForm } from './export-form'
import { MultiSelect, ToggledDate } from './export-fields'
import { CategorySection } from './export-sections'
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

/** How many records the dialog's filter matches, for 'Download now' (size-1 page of the records call). */
function useMatchCount(filter: RecordsFilter | null) {
  const current = filter ? JSON.stringify(filter) : null
  const key = useDebounced(current, 300)
  const [count, setCount] = useState<{ key: string; n: number } | null>(null)
  useEffect(() => {
    if (!key) return
    const controller = new AbortController()
    recordsApi.page(0, 1, JSON.parse(key) as RecordsFilter, controller.signal).then(
      (page) => setCount({ key, n: page.totalCount }),
      () => !controller.signal.aborted && setCount(null),
    )
    return () => controller.abort()
  }, [key])
  // A count for an older filter is no count: the user is still changing it.
  return count && count.key === current ? count.n : null
}

/**
 * The Excel export dialog (SPEC §2): Serial Number, Record Type (multi-select), Product Type, Date with
 * start and end toggles (dd-MM-yyyy) and the category sections. 'Export' logs the server export;
 * 'Download now' (beyond SPEC) fetches the same workbook at once for up to 10,000 records.
 */
export function ExportDialog({ initial, choices, labels, onExport, exporting, onClose }: ExportDialogProps) {
  const [form, setForm] = useState(initial)
  const [touched, setTouched] = useState(false)
  const set = (patch: Partial<ExportForm>) => setForm((f) => ({ ...f, ...patch }))
  const options = useExportOptions()
  const now = useDownloadNow()
  const result = useMemo(() => exportFilter(form), [form])
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
            <div className="row g-2">
              <Form.Group className="col-md-6 mb-2" controlId="export-serial">
                <Form.Label className="mb-1">Serial Number</Form.Label>
                <Form.Control
                  value={form.serialNumber}
                  onChange={(e) => set({ serialNumber: e.target.value })}
                />
              </Form.Group>
              <Form.Group className="col-md-6 mb-2" controlId="export-product-type">
                <Form.Label className="mb-1">Product Type</Form.Label>
                <Form.Select
                  value={form.productTypeId ?? ''}
                  onChange={(e) => set({ productTypeId: e.target.value ? Number(e.target.value) : null })}
                >
                  <option value="">Any product type</option>
                  {options.data?.productTypes.map((p) => (
                    <option key={p.value} value={p.value}>
                      {p.label}
                    </option>
                  ))}
                </Form.Select>
              </Form.Group>
            </div>
            <div className="row g-2">
              <div className="col-md-6">
                {choices.length > 1 && (
                  <Form.Group className="mb-2" controlId="export-category">
                    <Form.Label className="mb-1">Record category</Form.Label>
                    <Form.Select
                      value={form.category}
                      onChange={(e) => set({ category: e.target.value as CategoryChoice, recordTypeIds: [] })}
                    >
                      {choices.map((c) => (
                        <option key={c} value={c}>
                          {labels[c]}
                        </option>
                      ))}
                    </Form.Select>
                  </Form.Group>
                )}
                <MultiSelect
                  label="Record Type"
                  options={recordTypes}
                  value={form.recordTypeIds.map(String)}
                  onChange={(ids) => set({ recordTypeIds: ids.map(Number) })}
                />
              </div>
              <fieldset className="col-md-6">
                <legend className="form-label fs-6 mb-1">Date</legend>
                <ToggledDate
                  label="Start date"
                  on={form.useStart}
                  text={form.start}
                  error={errors.start}
                  onToggle={(useStart) => set({ useStart })}
                  onText={(start) => set({ start })}
                />
                <ToggledDate
                  label="End date"
                  on={form.useEnd}
                  text={form.end}
                  error={errors.end}
                  onToggle={(useEnd) => set({ useEnd })}
                  onText={(end) => set({ end })}
                />
              </fieldset>
            </div>
            {form.fixed.length > 0 && (
              <p className="small text-secondary mb-2">
                Also limited to{' '}
                {form.fixed.map((f) => `${filterFieldName(f.field)} ${String(f.value)}`).join(', ')}, as on
                the records page.
              </p>
            )}
            <hr className="my-2" />
            {options.data && <CategorySection form={form} set={set} options={options.data} />}
          </Form>
        )}
        <div className="mt-3 small" aria-live="polite">
          {matches == null
            ? null
            : matches === 1
              ? '1 record matches.'
              : `${matches.toLocaleString('en-GB')} records match.`}
          {matches != null && matches > DOWNLOAD_NOW_LIMIT && (
            <span className="text-secondary">
              {' '}
              'Download now' handles up to {DOWNLOAD_NOW_LIMIT.toLocaleString('en-GB')}; use Export.
            </span>
          )}
        </div>
        {now.busy && (
          // Plain markup: react-bootstrap puts aria-label on the wrapper, not on the progressbar itself.
          // Indeterminate: the server builds the workbook in one go.
          <div className="progress mt-2" style={{ height: '1.25rem' }}>
            <div
              className="progress-bar progress-bar-striped progress-bar-animated w-100"
              role="progressbar"
              aria-label="Download progress"
            >
              {matches == null
                ? 'Preparing the workbook…'
                : `Preparing ${matches.toLocaleString('en-GB')} records…`}
            </div>
          </div>
        )}
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
