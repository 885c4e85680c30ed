import { createContext, useContext } from 'react'
import type { ArrayFieldItemTemplateProps, ArrayFieldTemplateProps, TemplatesType } from '@rjsf/utils'
import { buttonId, getTemplate, getUiOptions } from '@rjsf/utils'

/** The list an entry belongs to: its caption and values, so an entry's buttons can name it. */
const ArrayContext = createContext<{ caption: string; values: readonly unknown[] }>({
  caption: '',
  values: [],
})

/** How an entry's buttons name it (issue #11.24): its text, or its place in the list. */
function entryName(caption: string, values: readonly unknown[], index: number): string {
  const value = values[index]
  if (typeof value === 'string' && value.trim() !== '') return `"${value.trim()}"`
  return `${caption || 'entry'} ${index + 1}`
}

/**
 * Array layouts for the inspector. rjsf's Bootstrap theme sizes an array's columns by the viewport
 * (the Add button gets `col-lg-1`, an item's buttons `col-lg-2`): in the narrow inspector on a wide
 * screen the Add button was a clipped sliver and the item buttons were squeezed. These lay an array
 * out by the inspector's own width: each item's field with its buttons beside it, then a labelled
 * Add button.
 */

/** A list field (choices, values, tests, URL parameters…): title, items, and 'Add'. */
export function InspectorArrayField(props: ArrayFieldTemplateProps) {
  const { canAdd, disabled, readonly, fieldPathId, uiSchema, items, registry, required, schema, title } =
    props
  const options = getUiOptions(uiSchema)
  const Title = getTemplate('ArrayFieldTitleTemplate', registry, options)
  const Description = getTemplate('ArrayFieldDescriptionTemplate', registry, options)
  const caption = options.title || title
  const editable = !readonly && !disabled
  return (
    <div className="inspector-array">
      <Title
        fieldPathId={fieldPathId}
        title={caption}
        schema={schema}
        uiSchema={uiSchema}
        required={required}
        registry={registry}
        optionalDataControl={editable ? props.optionalDataControl : undefined}
      />
      <Description
        fieldPathId={fieldPathId}
        description={options.description || schema.description}
        schema={schema}
        uiSchema={uiSchema}
        registry={registry}
      />
      {!editable && props.optionalDataControl}
      <ArrayContext.Provider
        value={{
          caption: String(caption ?? ''),
          values: Array.isArray(props.formData) ? props.formData : [],
        }}
      >
        <div className="inspector-array-items">{items}</div>
      </ArrayContext.Provider>
      {canAdd && (
        <button
          type="button"
          id={buttonId(fieldPathId, 'add')}
          className="btn btn-outline-primary btn-sm inspector-array-add"
          onClick={props.onAddClick}
          disabled={!editable}
          aria-label={caption ? `Add to ${caption}` : 'Add'}
        >
          + Add
        </button>
      )}
    </div>
  )
}

/**
 * One list entry: its field, and its move/remove buttons beside it. The buttons are icons, so each has a
 * name saying what it does to which entry, e.g. 'Move "Option 1" down' (issue #11.24).
 */
export function InspectorArrayItem(props: ArrayFieldItemTemplateProps) {
  const { children, buttonsProps: b, hasToolbar, index } = props
  const { caption, values } = useContext(ArrayContext)
  const name = entryName(caption, values, index)
  const inert = b.disabled || b.readonly
  const button = (icon: string, label: string, onClick: () => void, enabled: boolean, danger = false) => (
    <button
      type="button"
      className={`btn btn-sm ${danger ? 'btn-outline-danger' : 'btn-outline-secondary'}`}
      aria-label={label}
      title={label}
      onClick={onClick}
      disabled={inert || !enabled}
    >
      <span aria-hidden="true">{icon}</span>
    </button>
  )
  return (
    <div className="inspector-array-item">
      <div className="inspector-array-item-field">{children}</div>
      {hasToolbar && (
        <div className="inspector-array-item-tools btn-group" role="group" aria-label={`${name} actions`}>
          {(b.hasMoveUp || b.hasMoveDown) && button('↑', `Move ${name} up`, b.onMoveUpItem, b.hasMoveUp)}
          {(b.hasMoveUp || b.hasMoveDown) &&
            button('↓', `Move ${name} down`, b.onMoveDownItem, b.hasMoveDown)}
          {b.hasRemove && button('✕', `Remove ${name}`, b.onRemoveItem, true, true)}
        </div>
      )}
    </div>
  )
}

/** The inspector's template overrides, for rjsf's `templates` prop. */
export const INSPECTOR_TEMPLATES: Partial<TemplatesType> = {
  ArrayFieldTemplate: InspectorArrayField,
  ArrayFieldItemTemplate: InspectorArrayItem,
}
