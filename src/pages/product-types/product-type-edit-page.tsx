import Form from 'react-bootstrap/Form'
import { useParams } from 'react-router-dom'
import { CrudForm } from '../../../runtime/crud-form'
import { ReadOnlyNote } from '../../components/read-only-note'
import { useCanConfigure } from '../../session/use-can-configure'
import { productTypeWriteSchema } from '../../../schemas/entities/product-type'
import { Banner } from '../../components/banner'
import { PageHeader } from '../../components/page-header'
import { PageState } from '../../components/page-state'
import { isNewId } from '../../components/success-query'
import { HistoryPanel } from '../../components/history-panel'
import { RecordTypesGrid } from './record-types-grid'
import { ParametersGrid } from './parameters-grid'
import { useProductTypeEdit } from './use-product-type-edit'

// Only the name is edited here; the other write fields keep their stored values.
const uiSchema = {
  'ui:order': ['name', '*'],
  name: { 'ui:placeholder': 'Enter product type name', 'ui:autofocus': true },
  description: { 'ui:widget': 'hidden' },
  assetTypeKey: { 'ui:widget': 'hidden' },
  assetManufacturerId: { 'ui:widget': 'hidden' },
}

/** /ProductTypes/{id}: name, sub component with parent, no-prefix checkbox, record types and test parameters. */
export default function ProductTypeEditPage() {
  const { id: raw } = useParams()
  const isNew = isNewId(raw)
  const id = isNew ? null : Number(raw)
  const c = useProductTypeEdit(Number.isInteger(id) && (id ?? 0) > 0 ? id : null)
  const canConfigure = useCanConfigure()
  const { form } = c
  // A user who may only look is not told they edit (the list offers them View).
  const title = isNew ? 'Create New Product Type' : canConfigure ? 'Edit Product Type' : 'View Product Type'
  return (
    <>
      <PageHeader title={title} />
      <Banner variant={c.notice?.variant ?? 'error'} message={c.notice?.text} onClose={c.clearNotice} />
      <PageState loading={c.loading} error={c.loadError}>
        {!isNew && (
          <Form.Group className="mb-3" controlId="product-type-id" style={{ maxWidth: 200 }}>
            <Form.Label>ID</Form.Label>
            <Form.Control value={raw} readOnly plaintext />
          </Form.Group>
        )}
        {!canConfigure && <ReadOnlyNote what="product type" />}
        <CrudForm
          readOnly={!canConfigure}
          label={title}
          schema={productTypeWriteSchema}
          uiSchema={uiSchema}
          formData={{ name: form.name }}
          onChange={(d: { name?: string }) => c.update({ name: d.name ?? '' })}
          onSubmit={(d: { name?: string }) => void c.save(d.name ?? '')}
          onCancel={c.cancel}
          busy={c.saving}
        >
          <Form.Check
            id="product-type-sub-component"
            className="mb-2"
            label="Is this a sub component?"
            checked={form.isSubComponent}
            onChange={(e) => c.update({ isSubComponent: e.target.checked })}
          />
          {form.isSubComponent && (
            <Form.Group className="mb-3 ms-4" controlId="product-type-parent" style={{ maxWidth: 480 }}>
              <Form.Label>Parent</Form.Label>
              <Form.Select
                value={form.parentId ?? ''}
                onChange={(e) => c.update({ parentId: e.target.value ? Number(e.target.value) : null })}
              >
                <option value="">Select a parent product type…</option>
                {c.parents.map((t) => (
                  <option key={t.id} value={t.id}>
                    {t.name}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
          )}
          <Form.Check
            id="product-type-no-prefix"
            className="mb-2"
            label="Product type missing serial number prefix"
            checked={form.noPrefix}
            onChange={(e) => c.update({ noPrefix: e.target.checked })}
          />
          <RecordTypesGrid c={c} />
          <ParametersGrid c={c} readOnly={!canConfigure} />
        </CrudForm>
      </PageState>
      <HistoryPanel entity="productType" id={id} />
      {c.unsavedDialog}
    </>
  )
}
