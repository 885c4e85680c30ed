import Form from 'react-bootstrap/Form'
import { useParams } from 'react-router-dom'
import { CrudForm } from '../../../runtime/crud-form'
import { ReadOnlyNote } from '../../components/read-only-note'
import { useCanConfigure } from '../../session/use-can-configure'
import { supplierWriteSchema } from '../../../schemas/entities/supplier'
import { Banner } from '../../components/banner'
import { PageHeader } from '../../components/page-header'
import { PageState } from '../../components/page-state'
import { isNewId } from '../../components/success-query'
import { HistoryPanel } from '../../components/history-panel'
import { SupplierProductsGrid } from './supplier-products-grid'
import { useSupplierEdit } from './use-supplier-edit'

const uiSchema = { name: { 'ui:placeholder': 'Enter supplier name', 'ui:autofocus': true } }

/** /Suppliers/{id}: 'Create New Supplier' or 'Edit Supplier', with its product types and serial ranges. */
export default function SupplierEditPage() {
  const { id: raw } = useParams()
  const isNew = isNewId(raw)
  const id = isNew ? null : Number(raw)
  const c = useSupplierEdit(Number.isInteger(id) && (id ?? 0) > 0 ? id : null)
  const canConfigure = useCanConfigure()
  // A user who may only look is not told they edit (the list offers them View).
  const title = isNew ? 'Create New Supplier' : canConfigure ? 'Edit Supplier' : 'View Supplier'
  return (
    <>
      <PageHeader title={title} />
      <Banner variant={c.notice?.variant ?? 'error'} message={c.notice?.text} onClose={c.clearNotice} />
      <PageState loading={c.loading} error={c.loadError}>
        {!isNew && (
          <Form.Group className="mb-3" controlId="supplier-id" style={{ maxWidth: 200 }}>
            <Form.Label>ID</Form.Label>
            <Form.Control value={raw} readOnly plaintext />
          </Form.Group>
        )}
        {!canConfigure && <ReadOnlyNote what="supplier" />}
        <CrudForm
          readOnly={!canConfigure}
          label={title}
          schema={supplierWriteSchema}
          uiSchema={uiSchema}
          formData={{ name: c.name }}
          onChange={(d: { name?: string }) => c.setName(d.name ?? '')}
          onSubmit={(d: { name?: string }) => void c.save(d.name ?? '')}
          onCancel={c.cancel}
          busy={c.saving}
        >
          <SupplierProductsGrid c={c} readOnly={!canConfigure} />
        </CrudForm>
      </PageState>
      <HistoryPanel entity="supplier" id={id} />
      {c.unsavedDialog}
    </>
  )
}
