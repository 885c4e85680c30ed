import Form from 'react-bootstrap/Form'
import { EXPORT_RESULTS, type ExportForm } from './export-form'
import { MultiSelect } from './export-fields'
import type { ExportOptions } from './use-export-options'

type Patch = (patch: Partial<ExportForm>) => void

const RESULT_LABEL = { pass: 'Pass', fail: 'Fail', 'n/a': 'n/a' } as const

interface SectionProps {
  form: ExportForm
  set: Patch
  options: ExportOptions
}

/** Test Record: the results and supplier names. */
function TestSection({ form, set, options }: SectionProps) {
  return (
    <fieldset>
      <legend className="h6 fw-bold">Test Record</legend>
      <div className="mb-2" role="group" aria-label="Result">
        <div className="form-label mb-1">Result</div>
        {EXPORT_RESULTS.map((r) => (
          <Form.Check
            inline
            key={r}
            id={`export-result-${r}`}
            label={RESULT_LABEL[r]}
            checked={form.results.includes(r)}
            onChange={(e) =>
              set({
                results: e.target.checked ? [...form.results, r] : form.results.filter((x) => x !== r),
              })
            }
          />
        ))}
      </div>
      <MultiSelect
        label="Supplier names"
        options={options.suppliers}
        value={form.supplierNames}
        onChange={(supplierNames) => set({ supplierNames })}
      />
    </fieldset>
  )
}

/** Despatch Record: customer, job identifier and batch number. */
function DespatchSection({ form, set, options }: SectionProps) {
  return (
    <fieldset>
      <legend className="h6 fw-bold">Despatch Record</legend>
      <MultiSelect
        label="Customer"
        options={options.customers}
        value={form.customers}
        onChange={(customers) => set({ customers })}
      />
      <div className="row g-2">
        <Form.Group className="col-sm-6" controlId="export-job">
          <Form.Label className="mb-1">Job identifier</Form.Label>
          <Form.Control value={form.jobNumber} onChange={(e) => set({ jobNumber: e.target.value })} />
        </Form.Group>
        <Form.Group className="col-sm-6" controlId="export-batch">
          <Form.Label className="mb-1">Batch number</Form.Label>
          <Form.Control value={form.batchNumber} onChange={(e) => set({ batchNumber: e.target.value })} />
        </Form.Group>
      </div>
    </fieldset>
  )
}

/** Problem Report Record: fault and repair items and descriptives. */
function ProblemReportSection({ form, set, options }: SectionProps) {
  return (
    <fieldset>
      <legend className="h6 fw-bold">Problem Report Record</legend>
      <div className="row g-2">
        <div className="col-sm-6">
          <MultiSelect
            label="Fault items"
            options={options.items}
            value={form.faultItems}
            onChange={(faultItems) => set({ faultItems })}
          />
        </div>
        <div className="col-sm-6">
          <MultiSelect
            label="Repair items"
            options={options.items}
            value={form.repairItems}
            onChange={(repairItems) => set({ repairItems })}
          />
        </div>
        <div className="col-sm-6">
          <MultiSelect
            label="Fault descriptives"
            options={options.faultDescriptives}
            value={form.faultDescriptives}
            onChange={(faultDescriptives) => set({ faultDescriptives })}
          />
        </div>
        <div className="col-sm-6">
          <MultiSelect
            label="Repair descriptives"
            options={options.repairDescriptives}
            value={form.repairDescriptives}
            onChange={(repairDescriptives) => set({ repairDescriptives })}
          />
        </div>
      </div>
    </fieldset>
  )
}

/**
 * The category section of the export dialog (SPEC §2): Test Record (result and supplier names),
 * Despatch Record (customer, job identifier, batch number), Problem Report Record (fault and repair
 * items and descriptives) or Calibration Record.
 */
export function CategorySection(props: SectionProps) {
  switch (props.form.category) {
    case 'test':
      return <TestSection {...props} />
    case 'despatch':
      return <DespatchSection {...props} />
    case 'problemReport':
      return <ProblemReportSection {...props} />
    case 'calibration':
      return (
        <fieldset>
          <legend className="h6 fw-bold">Calibration Record</legend>
          <p className="text-secondary mb-0">
            Calibration records are exported with every captured field; they have no filters of their own.
          </p>
        </fieldset>
      )
    default:
      return (
        <p className="text-secondary mb-0">
          Choose a record category to filter by the fields of that category.
        </p>
      )
  }
}
