/**
 * Props every runtime widget takes: a structural subset of rjsf's `WidgetProps`, so each widget can sit
 * in rjsf's `widgets` registry as is, and a unit test can render it with plain props. Widgets are pure:
 * the value comes in, a new value goes out through `onChange`; server calls go through the services of
 * the enclosing RecordForm (runtime/form/runtime-context).
 */
export interface ItrWidgetProps {
  /** DOM id of the main input; labels point at it. */
  id: string
  /** The variable the widget holds (rjsf's `name`); absent where a widget is rendered on its own. */
  name?: string
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- rjsf passes `any`; each widget narrows it
  value: any
  onChange(value: unknown): void
  /** The control's caption. */
  label: string
  /** The control's `ui:options` from the compiler (runtime/compiler/field-ui.ts). */
  options: Record<string, unknown>
  disabled?: boolean
  readonly?: boolean
  required?: boolean
  /** Messages to show under the input. */
  rawErrors?: string[]
  /**
   * In a RecordForm, what the widget remembers between renders, kept by the form store (`FormStore.remember`)
   * so that a widget that must remember something still needs no hooks (issue #17.5); `remember` replaces
   * it and renders the widget again. Both are absent where a widget is rendered on its own.
   */
  memory?: unknown
  remember?(memory: unknown): void
  /**
   * In a RecordForm, how a widget says that what its box shows is not a value yet (the message to show,
   * e.g. 'Enter the date as dd-MM-yyyy.') or, with null, that it is one again or empty. The form shows the
   * message under the field (it comes back in `rawErrors`) and refuses a Save while it lasts, so the record
   * never keeps a value the box no longer shows. Call it after `onChange`: a new value clears it.
   */
  reportEntry?(problem: string | null): void
}

/** True when the widget may not be edited. */
export const isInert = (props: Pick<ItrWidgetProps, 'disabled' | 'readonly'>): boolean =>
  props.disabled === true || props.readonly === true

/** Whether the field has messages to show (they make it `aria-invalid`). */
export const hasMessages = (props: Pick<ItrWidgetProps, 'rawErrors'>): boolean =>
  !!props.rawErrors && props.rawErrors.length > 0

/**
 * The id of the messages a RecordForm's field slot shows under the field (field-slot.tsx), for the
 * input's `aria-describedby`; undefined when there are none.
 */
export const messagesId = (props: Pick<ItrWidgetProps, 'id' | 'rawErrors'>): string | undefined =>
  hasMessages(props) ? `${props.id}-errors` : undefined

/** `is-invalid` when there are messages, so Bootstrap draws the red border. */
export const invalidClass = (props: Pick<ItrWidgetProps, 'rawErrors'>): string =>
  props.rawErrors && props.rawErrors.length > 0 ? ' is-invalid' : ''
