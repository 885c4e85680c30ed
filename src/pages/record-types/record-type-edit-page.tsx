import Button from 'react-bootstrap/Button'
import Spinner from 'react-bootstrap/Spinner'
import { useParams } from 'react-router-dom'
import { FormDesigner } from '../../../designer/ui'
import { Banner } from '../../components/banner'
import { PageHeader } from '../../components/page-header'
import { PageState } from '../../components/page-state'
import { isNewId } from '../../components/success-query'
import { HistoryPanel } from '../../components/history-panel'
import { ComponentsGrid } from './components-grid'
import { RecordTypeFieldsForm } from './record-type-fields-form'
import { MappingFields } from './mapping-fields'
import { useRecordTypeEdit } from './use-record-type-edit'

/** Not a SPEC text: an edit route whose id is neither New nor a record type id. */
export const invalidRecordTypeId = (raw: string) => `Invalid record type ID: ${raw}`

/**
 * /RecordTypes/{id} (SPEC §2): name, capture type, category, field mappings by category, the
 * Components grid, the data entry form designer (which replaces the bare JSON textarea and keeps it
 * reachable as its JSON view), Save and Cancel.
 */
export default function RecordTypeEditPage() {
  const { id: raw = '' } = useParams()
  const isNew = isNewId(raw)
  const parsed = Number(raw)
  const validId = Number.isInteger(parsed) && parsed > 0
  const c = useRecordTypeEdit(isNew || !validId ? null : parsed)
  const title = isNew ? 'Create New Record Type' : 'Edit Record Type'
  if (!isNew && !validId) {
    return (
      <>
        <PageHeader title={title} />
        <Banner variant="error" message={invalidRecordTypeId(raw)} />
      </>
    )
  }
  const nameErrors = c.messagesFor('name')
  const layoutErrors = c.messagesFor('layout')
  const failed = c.issues.length > 0
  return (
    <>
      <PageHeader title={title} />
      <Banner variant="error" message={c.error} onClose={c.clearError} />
      <Banner variant="warning" message={c.warning} onClose={c.clearWarning} />
      <Banner
        variant="warning"
        message={failed ? 'The record type cannot be saved yet: see the messages below.' : null}
      />
      <PageState loading={c.loading} error={c.loadError}>
        {/* Not a <form>: the designer holds forms of its own, and Enter in them must not save the page. */}
        <div role="form" aria-label={title}>
          <RecordTypeFieldsForm
            id={isNew ? null : raw}
            fields={c.fields}
            nameErrors={nameErrors}
            categoryLockedName={c.categoryLockedName}
            onName={c.setName}
            onCategory={c.setCategory}
            onCaptureType={c.setCaptureType}
            onReviewPolicy={c.setReviewPolicy}
          />
          <MappingFields c={c} />
          <ComponentsGrid c={c} />
          <section aria-labelledby="designer-title" className="mb-3">
            <h2 id="designer-title" className="h5">
              Data Entry Form
            </h2>
            {layoutErrors.map((m) => (
              <div key={m} className="alert alert-danger py-2" role="alert">
                {m}
              </div>
            ))}
            <FormDesigner store={c.store} previewServices={c.previewServices} />
          </section>
          <div className="d-flex gap-2 mt-3">
            <Button type="button" variant="outline-secondary" onClick={c.cancel} disabled={c.saving}>
              Cancel
            </Button>
            <Button type="button" variant="primary" disabled={c.saving} onClick={() => void c.save()}>
              {c.saving && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
              Save
            </Button>
          </div>
        </div>
      </PageState>
      <HistoryPanel entity="recordType" id={isNew || !validId ? null : parsed} />
      {c.unsavedDialog}
    </>
  )
}
