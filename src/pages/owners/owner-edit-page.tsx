import { useMemo } from 'react'
import Form from 'react-bootstrap/Form'
import { useNavigate, useParams } from 'react-router-dom'
import { HistoryPanel } from '../../components/history-panel'
import { CrudForm } from '../../../runtime/crud-form'
import { deviceOwnerWriteSchema } from '../../../schemas/entities/device-owner'
import { MESSAGES } from '../../../schemas/messages'
import { Banner } from '../../components/banner'
import { PageHeader } from '../../components/page-header'
import { PageState } from '../../components/page-state'
import { OwnerTabs } from './owner-tabs'
import { SimilarOwners } from './similar-owners'
import { parseOwnerId, useOwnerEdit } from './use-owner-edit'

interface NameAndParent {
  name?: string
  parentId?: number | null
}

/** /Owners/{id}: 'Create Owner' or 'Edit Owner' with parent owner, similar names and the three tabs. */
export default function OwnerEditPage() {
  const { id: raw } = useParams()
  const navigate = useNavigate()
  const { id, invalid } = parseOwnerId(raw)
  const c = useOwnerEdit(id)

  // The entity schema with the other owners as the parent choices.
  const schema = useMemo(
    () => ({
      ...deviceOwnerWriteSchema,
      properties: {
        ...deviceOwnerWriteSchema.properties,
        parentId: {
          ...deviceOwnerWriteSchema.properties.parentId,
          ...(c.owners.length ? { oneOf: c.owners.map((o) => ({ const: o.id, title: o.name })) } : {}),
        },
      },
    }),
    [c.owners],
  )
  const uiSchema = {
    name: {
      'ui:placeholder': 'Enter device owner name',
      'ui:readonly': !c.nameEditable,
      'ui:autofocus': c.nameEditable,
    },
    parentId: { 'ui:placeholder': 'No parent owner' },
  }
  const title = id == null && !invalid ? 'Create Owner' : 'Edit Owner'

  if (invalid) {
    return (
      <>
        <PageHeader title="Edit Owner" />
        <Banner variant="error" message={MESSAGES.owner.invalidId(raw ?? '')} />
      </>
    )
  }
  return (
    <>
      <PageHeader title={title} />
      <Banner variant="error" message={c.error} onClose={c.clearError} />
      <PageState loading={c.loading} error={c.loadError}>
        {id != null && (
          <Form.Group className="mb-3" controlId="owner-id" style={{ maxWidth: 200 }}>
            <Form.Label>ID</Form.Label>
            <Form.Control value={id} readOnly plaintext />
          </Form.Group>
        )}
        <CrudForm
          label={title}
          schema={schema}
          uiSchema={uiSchema}
          formData={{ name: c.form.name, parentId: c.form.parentId ?? undefined } as NameAndParent}
          onChange={(d: NameAndParent) => c.update({ name: d.name ?? '', parentId: d.parentId ?? null })}
          onSubmit={(d: NameAndParent) => void c.save(d.name ?? '', d.parentId ?? null)}
          onCancel={() => navigate('/Owners')}
          busy={c.saving}
        >
          {c.nameEditable && <SimilarOwners similar={c.similar} />}
          <OwnerTabs c={c} />
        </CrudForm>
      </PageState>
      <HistoryPanel entity="deviceOwner" id={id} />
      {c.unsavedDialog}
    </>
  )
}
