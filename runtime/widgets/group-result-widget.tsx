import type { ItrWidgetProps } from './widget-props'

/** What a group's badge says before any of its tests has a value (issue #11.14). */
export const NOT_TESTED = 'Not tested yet'

/** A Pass/Fail/n/a/'-' result as a coloured badge with its text (colour is never the only cue). */
export function ResultBadge({ result, className }: { result: unknown; className?: string }) {
  return resultBadge(result, className)
}

/**
 * The badge as plain JSX, for hot paths that should not add a component per badge; `label` names it for
 * assistive technology (a table cell's 'Measured ratio, Tap 1 A result') and `live` makes it a polite
 * live region (a test field's result, announced as it changes), both without a wrapping element.
 */
export function resultBadge(result: unknown, className?: string, label?: string, live?: boolean) {
  const text = typeof result === 'string' && result !== '' ? result : '-'
  const bg = text === 'Pass' ? 'success' : text === 'Fail' ? 'danger' : 'secondary'
  // A plain span, not react-bootstrap's Badge: a big form shows one per test and group. Its text is the
  // result; no `data-result` copy of it, which no style, test or page read (issue #17.5).
  return (
    <span
      className={`badge text-bg-${bg}${className ? ` ${className}` : ''}`}
      aria-label={label}
      aria-live={live ? 'polite' : undefined}
    >
      {text === 'Pass' ? '✓ ' : text === 'Fail' ? '✗ ' : ''}
      {text}
    </span>
  )
}

/**
 * A group's result (SPEC §4 "Group results"): computed from its tests by the form store, never typed,
 * so this widget only shows it.
 */
export function GroupResultWidget(props: ItrWidgetProps) {
  return (
    <div id={props.id} role="status" aria-label={`${props.label} result`}>
      <ResultBadge result={props.value} />
    </div>
  )
}
/** No hooks: the field slot calls it as a function (see RuntimeWidget in registry.ts). */
GroupResultWidget.inline = true
