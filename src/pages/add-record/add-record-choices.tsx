import ButtonGroup from 'react-bootstrap/ButtonGroup'
import Form from 'react-bootstrap/Form'
import ToggleButton from 'react-bootstrap/ToggleButton'
import { RECORD_MODES, type Choice, type RecordMode, type Selection } from './add-record-model'

const NONE = ''

/** A labelled select of choices by id, with an empty placeholder option. */
export function Select(props: {
  id: string
  label: string
  placeholder: string
  value: number | null
  options: readonly Choice[]
  onChange: (id: number | null) => void
  disabled?: boolean
}) {
  return (
    <Form.Group controlId={props.id} className="mb-3">
      <Form.Label>{props.label}</Form.Label>
      <Form.Select
        value={props.value == null ? NONE : String(props.value)}
        disabled={props.disabled}
        onChange={(e) => props.onChange(e.target.value === NONE ? null : Number(e.target.value))}
      >
        <option value={NONE}>{props.placeholder}</option>
        {props.options.map((o) => (
          <option key={o.id} value={o.id}>
            {o.name}
          </option>
        ))}
      </Form.Select>
    </Form.Group>
  )
}

/** The Standard/Calibration switch (SPEC §2), shown to users not tied to a supplier. */
export function ModeSwitch(props: { mode: RecordMode; onChange: (mode: RecordMode) => void }) {
  return (
    <Form.Group className="mb-3">
      <Form.Label id="record-mode-label" className="d-block">
        Category
      </Form.Label>
      <ButtonGroup aria-labelledby="record-mode-label">
        {RECORD_MODES.map((mode) => (
          <ToggleButton
            key={mode}
            id={`record-mode-${mode}`}
            type="radio"
            name="record-mode"
            variant="outline-primary"
            value={mode}
            checked={props.mode === mode}
            onChange={() => props.onChange(mode)}
          >
            {mode}
          </ToggleButton>
        ))}
      </ButtonGroup>
    </Form.Group>
  )
}

/** Standard mode's supplier (a select, or the supplier user's own) and, once chosen, its product types. */
export function StandardChoices(props: {
  supplierFixed: boolean
  supplierName: string | null
  selection: Selection
  suppliers: readonly Choice[]
  productTypes: readonly Choice[]
  onSupplier: (id: number | null) => void
  onProductType: (id: number | null) => void
}) {
  return (
    <>
      {props.supplierFixed ? (
        <p className="mb-3">
          <span className="text-secondary">Supplier: </span>
          <strong>{props.supplierName}</strong>
        </p>
      ) : (
        <Select
          id="add-record-supplier"
          label="Supplier"
          placeholder="Select a supplier"
          value={props.selection.supplierId}
          options={props.suppliers}
          onChange={props.onSupplier}
        />
      )}
      {props.selection.supplierId != null && props.productTypes.length > 0 && (
        <Select
          id="add-record-product-type"
          label="Product Type"
          placeholder="Select a product type"
          value={props.selection.productTypeId}
          options={props.productTypes}
          onChange={props.onProductType}
        />
      )}
    </>
  )
}
