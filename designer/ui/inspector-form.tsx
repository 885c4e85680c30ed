import { useMemo } from 'react'
import Form from '@rjsf/react-bootstrap'
import type { CustomValidator, ErrorTransformer, RJSFSchema } from '@rjsf/utils'
import { crudValidator } from '../../runtime/crud-form/validator'
import { FORM_LAYOUT_MESSAGES, isTestControl, variableOf, walkControls } from '../../schemas/form-layout'
import type { Control, ControlPath } from '../../schemas/form-layout'
import { selectControlIssues } from '../model'
import type { DesignerDocument } from '../model'
import { controlName, kindLabel } from './control-name'
import type { DesignerStore } from './designer-store'
import { inspectorForm } from './inspector-schema'
import { ConditionField, type ConditionVariable } from './condition-field'
import { INSPECTOR_TEMPLATES } from './inspector-templates'
import { TableColumnsField } from './table-columns-field'
import { TableRowsField } from './table-rows-field'
import { VARIABLE_FORMAT_MESSAGE, otherVariables, requiredMessage } from './pending-edits'
import { useInspectorDraft } from './use-inspector-draft'

type Json = Record<string, unknown>

/** What the inspector passes its form: the selected control, found in the current document. */
export interface InspectorFormProps {
  store: DesignerStore
  doc: DesignerDocument
  /** The control's stable id: edits find it by id, wherever an undo or a move has put it. */
  id: string
  path: ControlPath
  control: Control
}

/**
 * The selected control's properties, in a form rendered by rjsf from its kind's schema; loaded by
 * inspector.tsx on the first selection, so the canvas comes up without rjsf (issue #17).
 * Edits go straight into the document (one undo step per field, coalesced while typing), except a
 * variable that is empty, not an identifier or already used: that stays in the form with its
 * message until it is fixed, so the document never holds a broken or duplicate name.
 */
export function InspectorForm({ store, doc, id, path, control }: InspectorFormProps) {
  const others = useMemo(() => otherVariables(doc, control), [doc, control])
  const tests = useMemo(() => testVariablesOf(doc), [doc])
  const conditionVariables = useMemo(() => conditionVariablesOf(doc), [doc])
  const form = useMemo(
    () => inspectorForm(control, tests, conditionVariables),
    [control, tests, conditionVariables],
  )
  const name = controlName(control)

  const { data, onChange } = useInspectorDraft({ store, id, control, form, others })
  const transformErrors = useMemo(() => friendlyErrors(form.schema as RJSFSchema), [form])

  const customValidate: CustomValidator = (formData, errors) => {
    // The format is the schema's pattern (shown once, by rjsf); uniqueness needs the whole layout.
    const value = (formData as Json | undefined)?.variable
    if (typeof value === 'string' && others.includes(value))
      errors.variable?.addError(FORM_LAYOUT_MESSAGES.recordType.duplicateVariable(value))
    return errors
  }

  const problems = selectControlIssues(doc, path)
  return (
    <>
      <p className="small mb-2">
        <span className="badge text-bg-primary me-1">{kindLabel(control)}</span>
        <span className="text-body-secondary">{name}</span>
      </p>
      {problems.length > 0 && (
        <ul className="alert alert-warning small py-1 ps-4 mb-2" aria-label={`Problems of ${name}`}>
          {problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      )}
      <Form
        schema={form.schema as RJSFSchema}
        uiSchema={form.uiSchema}
        templates={INSPECTOR_TEMPLATES}
        fields={INSPECTOR_FIELDS}
        formData={data}
        validator={crudValidator}
        customValidate={customValidate}
        transformErrors={transformErrors}
        liveValidate="onChange"
        noHtml5Validate
        showErrorList={false}
        onChange={(e) => onChange(e.formData as Json | undefined)}
        tagName="div"
        className="designer-inspector-form"
        idPrefix={`inspector-${id}`}
        aria-label={`Properties of ${name}`}
      />
    </>
  )
}

/** Fields the inspector's uiSchema names (`ui:field`). */
const INSPECTOR_FIELDS = {
  condition: ConditionField,
  tableColumns: TableColumnsField,
  tableRows: TableRowsField,
}

/** What a condition can read: every variable with the answers it can hold, where they are known. */
function conditionVariablesOf(doc: DesignerDocument): ConditionVariable[] {
  const out: ConditionVariable[] = []
  for (const { control } of walkControls(doc.layout.controls)) {
    const variable = variableOf(control)
    if (!variable) continue
    const choices =
      control.type === 'checkbox'
        ? ['true', 'false']
        : control.type === 'testField' || control.type === 'group'
          ? ['Pass', 'Fail', 'n/a']
          : control.type === 'table'
            ? ['Pass', 'Fail']
            : control.type === 'dropdown' && control.values?.length
              ? control.values
              : undefined
    out.push({
      variable,
      label: 'label' in control ? (control.label ?? '') : '',
      kind: control.type,
      choices,
    })
  }
  return out
}

/** Shown under a list entry left empty (ajv would say 'must be string'). */
export const EMPTY_ENTRY_MESSAGE = 'Enter a value, or remove this entry.'

/**
 * The variable pattern's, a missing property's ('Variable is required.', SPEC §5's '{label} is required.')
 * and an empty list entry's messages in words; the rest as ajv says it.
 */
function friendlyErrors(schema: RJSFSchema): ErrorTransformer {
  return (errors) =>
    errors.map((e) => {
      if (e.name === 'pattern' && e.property === '.variable')
        return { ...e, message: VARIABLE_FORMAT_MESSAGE, stack: VARIABLE_FORMAT_MESSAGE }
      const missing: unknown = e.params?.missingProperty
      // Of the control itself (not of a nested object such as an endpoint).
      if (
        e.name === 'required' &&
        typeof missing === 'string' &&
        e.property?.replace(/^\./, '') === missing
      ) {
        const property = schema.properties?.[missing]
        const title = typeof property === 'object' ? property.title : undefined
        if (title) return { ...e, message: requiredMessage(title), stack: requiredMessage(title) }
      }
      // A new entry of a list of strings starts empty: rjsf holds it as undefined.
      if (e.name === 'type' && /\.\d+$/.test(e.property ?? '') && e.params?.type === 'string')
        return { ...e, message: EMPTY_ENTRY_MESSAGE, stack: EMPTY_ENTRY_MESSAGE }
      return e
    })
}

/** The layout's variables that can stand in a group's Tests list: test fields, checkboxes, group results. */
function testVariablesOf(doc: DesignerDocument): string[] {
  const out: string[] = []
  for (const { control } of walkControls(doc.layout.controls)) {
    const variable = variableOf(control)
    if (variable && isTestControl(control)) out.push(variable)
  }
  return out
}
