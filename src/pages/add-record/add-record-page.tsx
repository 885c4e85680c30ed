import Button from 'react-bootstrap/Button'
import Card from 'react-bootstrap/Card'
import { useNavigate } from 'react-router-dom'
import { describeError } from '../../api/client'
import { Banner } from '../../components/banner'
import { PageHeader } from '../../components/page-header'
import { Loading, PageState } from '../../components/page-state'
import { ModeSwitch, Select, StandardChoices } from './add-record-choices'
import { CsvUploadPanel } from './csv-upload-panel'
import { useAddRecord } from './use-add-record'

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
            {!c.supplierFixed && <ModeSwitch mode={c.mode} onChange={c.setMode} />}
            {c.loading ? (
              <Loading />
            ) : c.mode === 'Standard' ? (
              <StandardChoices
                supplierFixed={c.supplierFixed}
                supplierName={c.supplierName}
                selection={selection}
                suppliers={c.suppliers}
                productTypes={c.productTypes}
                onSupplier={c.chooseSupplier}
                onProductType={c.chooseProductType}
              />
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
