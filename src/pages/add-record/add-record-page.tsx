import Button from 'react-bootstrap/Button'
import ButtonGroup from 'react-bootstrap/ButtonGroup'
import Card from 'react-bootstrap/Card'
import Form from 'react-bootstrap/Form'
import ToggleButton from 'react-bootstrap/ToggleButton'
import { useNavigate } from 'react-router-dom'
import { describeError } from '../../api/client'
import { Banner } from '../../components/banner'
import { PageHeader } from '../../components/page-header'
import { Loading, PageState } from '../../components/page-state'
import { RECORD_MODES, type Choice } from './add-record-model'
import { CsvUploadPanel } from './csv-upload-panel'
import { useAddRecord } from './use-add-record'

const NONE = ''

function Select(props: {
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

/**
 * /AddRecord, 'Add New Record' (SPEC §2): mode switch (hidden for supplier users), supplier or owner,
 * product type (Standard only), record type, then a CSV upload and/or 'Enter Data'.
 */
export default function AddRecordPage() {
  const c = useAddRecord()
  const navigate = useNavigate()
  const { selection } = c

  return (
    <>
      <PageHeader title="Add New Record" />
      <PageState loading={false} error={c.loadError}>
        <Card className="mb-3 add-record-card">
          <Card.Body>
            {!c.supplierFixed && (
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
                      checked={c.mode === mode}
                      onChange={() => c.setMode(mode)}
                    >
                      {mode}
                    </ToggleButton>
                  ))}
                </ButtonGroup>
              </Form.Group>
            )}
            {c.loading ? (
              <Loading />
            ) : c.mode === 'Standard' ? (
              <>
                {c.supplierFixed ? (
                  <p className="mb-3">
                    <span className="text-secondary">Supplier: </span>
                    <strong>{c.supplierName}</strong>
                  </p>
                ) : (
                  <Select
                    id="add-record-supplier"
                    label="Supplier"
                    placeholder="Select a supplier"
                    value={selection.supplierId}
                    options={c.suppliers}
                    onChange={c.chooseSupplier}
                  />
                )}
                {selection.supplierId != null && c.productTypes.length > 0 && (
                  <Select
                    id="add-record-product-type"
                    label="Product Type"
                    placeholder="Select a product type"
                    value={selection.productTypeId}
                    options={c.productTypes}
                    onChange={c.chooseProductType}
                  />
                )}
              </>
            ) : (
              <Select
                id="add-record-owner"
                label="Owner"
                placeholder="Select a device owner"
                value={selection.ownerId}
                options={c.owners}
                onChange={c.chooseOwner}
              />
            )}
            {c.recordTypes.length > 0 && (
              <Select
                id="add-record-record-type"
                label="Record Type"
                placeholder="Select a record type"
                value={selection.recordTypeId}
                options={c.recordTypes}
                onChange={c.chooseRecordType}
              />
            )}
            {c.warnings.map((w) => (
              <Banner key={w} variant="warning" message={w} />
            ))}
            <Banner variant="error" message={c.detailError ? describeError(c.detailError) : null} />
            {c.detailLoading && <Loading label="Loading record type…" />}
            {c.showEnterData && <Button onClick={() => navigate(c.dataEntryUrl)}>Enter Data</Button>}
          </Card.Body>
        </Card>
        {c.showCsvUpload && c.recordType && (
          <CsvUploadPanel
            key={`${selection.supplierId}-${selection.productTypeId}-${c.recordType.id}`}
            supplierId={selection.supplierId}
            productTypeId={selection.productTypeId}
            recordTypeId={c.recordType.id}
            recordTypeName={c.recordType.name}
            layout={c.layout}
          />
        )}
      </PageState>
    </>
  )
}
