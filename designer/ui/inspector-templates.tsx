import type { ArrayFieldItemTemplateProps, ArrayFieldTemplateProps, TemplatesType } from '@rjsf/utils'
import { buttonId, getTemplate, getUiOptions } from '@rjsf/utils'

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
      <div className="inspector-array-items">{items}</div>
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

/** One list entry: its field, and its move/remove buttons beside it. */
export function InspectorArrayItem(props: ArrayFieldItemTemplateProps) {
  const { children, buttonsProps, hasToolbar, uiSchema, registry } = props
  const Buttons = getTemplate('ArrayFieldItemButtonsTemplate', registry, getUiOptions(uiSchema))
  return (
    <div className="inspector-array-item">
      <div className="inspector-array-item-field">{children}</div>
      {hasToolbar && (
        <div className="inspector-array-item-tools">
          <Buttons {...buttonsProps} />
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
