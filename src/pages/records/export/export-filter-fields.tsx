import Form from 'react-bootstrap/Form'
import type { CategoryChoice } from '../records-model'
import type { ExportErrors, ExportForm } from './export-form'
import { MultiSelect, ToggledDate } from './export-fields'
import type { ExportOptions, Option } from './use-export-options'

type Patch = (patch: Partial<ExportForm>) => void

/** The Date fieldset: start and end dates, each with its toggle. */
function ExportDateFields({ form, set, errors }: { form: ExportForm; set: Patch; errors: ExportErrors }) {
  return (
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
  )
}

/**
 * The export dialog's general filters: Serial Number, Product Type, Record category (when there is a
 * choice), Record Type and the Date toggles (the records grid's other filters are named by the dialog).
 */
export function ExportFilterFields({
  form,
  set,
  errors,
  productTypes,
  recordTypes,
  choices,
  labels,
}: {
  form: ExportForm
  set: Patch
  errors: ExportErrors
  productTypes: ExportOptions['productTypes'] | undefined
  recordTypes: readonly Option[]
  choices: readonly CategoryChoice[]
  labels: Readonly<Record<CategoryChoice, string>>
}) {
  return (
    <>
      <div className="row g-2">
        <Form.Group className="col-md-6 mb-2" controlId="export-serial">
          <Form.Label className="mb-1">Serial Number</Form.Label>
          <Form.Control value={form.serialNumber} onChange={(e) => set({ serialNumber: e.target.value })} />
        </Form.Group>
        <Form.Group className="col-md-6 mb-2" controlId="export-product-type">
          <Form.Label className="mb-1">Product Type</Form.Label>
          <Form.Select
            value={form.productTypeId ?? ''}
            onChange={(e) => set({ productTypeId: e.target.value ? Number(e.target.value) : null })}
          >
            <option value="">Any product type</option>
            {productTypes?.map((p) => (
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
        <ExportDateFields form={form} set={set} errors={errors} />
      </div>
    </>
  )
}
