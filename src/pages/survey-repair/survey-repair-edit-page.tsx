import { useMemo, useState } from 'react'
import { useParams } from 'react-router-dom'
import { CrudForm } from '../../../runtime/crud-form'
import { ReadOnlyNote } from '../../components/read-only-note'
import { useCanConfigure } from '../../session/use-can-configure'
import { surveyRepairFormSchema, type SurveyRepairForm } from '../../../schemas/entities/fault-repair'
import { MESSAGES } from '../../../schemas/messages'
import { Banner } from '../../components/banner'
import { PageHeader } from '../../components/page-header'
import { PageState } from '../../components/page-state'
import { isNewId } from '../../components/success-query'
import { useUnsavedChanges } from '../../components/use-unsaved-changes'
import { useSurveyRepairBase } from './survey-repair-routes'
import { useSurveyRepairEdit, type SurveyRepairDraft } from './use-survey-repair-edit'

const props = surveyRepairFormSchema.properties

/** The form as the unsaved-changes check compares it: only the fields its kind uses. */
const snapshotOf = (form: SurveyRepairDraft) =>
  JSON.stringify({
    name: (form.name ?? '').trim(),
    kind: form.kind ?? null,
    descriptiveType: form.kind === 'descriptive' ? (form.descriptiveType ?? null) : null,
    productTypeId: form.kind === 'item' ? (form.productTypeId ?? null) : null,
  })

/** /SurveyRepairTypes/{id} (and /FaultRepairTypes/{id}): Name, 'Item or Descriptive', category or product type. */
export default function SurveyRepairEditPage() {
  const base = useSurveyRepairBase()
  const { id: raw } = useParams()
  const isNew = isNewId(raw)
  const id = isNew ? null : Number(raw)
  const c = useSurveyRepairEdit(base, Number.isInteger(id) && (id ?? 0) > 0 ? id : null)
  const canConfigure = useCanConfigure()
  // The form as it was when its load ended: it is unsaved while it differs (issue #11.25). While a save
  // runs nothing is asked, so the page it goes to after saving opens straight away.
  const [loadEnded, setLoadEnded] = useState(!c.loading)
  const [baseline, setBaseline] = useState<string | null>(c.loading ? null : snapshotOf(c.form))
  if (loadEnded === c.loading) {
    setLoadEnded(!c.loading)
    setBaseline(c.loading || c.loadError ? null : snapshotOf(c.form))
  }
  const unsaved = useUnsavedChanges(
    canConfigure && !c.saving && baseline !== null && snapshotOf(c.form) !== baseline,
  )

  // The entity schema with labelled choices: the product types known now, and readable kind names.
  const schema = useMemo(
    () => ({
      ...surveyRepairFormSchema,
      properties: {
        ...props,
        kind: {
          type: props.kind.type,
          title: props.kind.title,
          oneOf: [
            { const: 'item', title: 'Item' },
            { const: 'descriptive', title: 'Descriptive' },
          ],
        },
        productTypeId: {
          ...props.productTypeId,
          ...(c.productTypes.length
            ? { oneOf: c.productTypes.map((t) => ({ const: t.id, title: t.name })) }
            : {}),
        },
      },
    }),
    [c.productTypes],
  )
  const uiSchema = useMemo(
    () => ({
      'ui:order': ['name', 'kind', 'descriptiveType', 'productTypeId'],
      name: { 'ui:placeholder': 'Enter a name', 'ui:autofocus': true },
      kind: { 'ui:placeholder': 'Select item or descriptive…' },
      descriptiveType:
        c.form.kind === 'descriptive'
          ? { 'ui:placeholder': 'Select a category…' }
          : { 'ui:widget': 'hidden' },
      productTypeId:
        c.form.kind === 'item' ? { 'ui:placeholder': 'Select a product type…' } : { 'ui:widget': 'hidden' },
    }),
    [c.form.kind],
  )

  // A user who may only look is not told they edit (the list offers them View).
  const title = isNew
    ? 'Create Survey/Repair Type'
    : canConfigure
      ? 'Edit Survey/Repair Type'
      : 'View Survey/Repair Type'
  return (
    <>
      <PageHeader title={title} />
      {c.invalidUrl ? (
        <Banner variant="error" message={MESSAGES.surveyRepair.invalidUrlType} />
      ) : (
        <>
          <Banner variant="error" message={c.error} onClose={c.clearError} />
          <PageState loading={c.loading} error={c.loadError}>
            {!canConfigure && <ReadOnlyNote what="survey/repair type" />}
            <CrudForm
              readOnly={!canConfigure}
              label={title}
              schema={schema}
              uiSchema={uiSchema}
              formData={c.form}
              onChange={(d: SurveyRepairDraft) => c.change(d)}
              onSubmit={(d: SurveyRepairDraft) => void c.save(d as SurveyRepairForm)}
              onCancel={c.cancel}
              busy={c.saving}
            />
          </PageState>
        </>
      )}
      {unsaved.dialog}
    </>
  )
}
