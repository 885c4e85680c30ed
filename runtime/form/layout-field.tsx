import type { FieldProps } from '@rjsf/utils'
import type { LayoutNode } from '../compiler'
import { resultBadge } from '../widgets/group-result-widget'
import { FieldSlot } from './field-slot'
import { useRuntime, useVariable } from './runtime-context'

const colClass = (col: number | undefined) => `col-12${col && col < 12 ? ` col-md-${col}` : ''}`

/** A group's live result in its header (SPEC §4 "Group results"). */
function GroupResult({ variable, label }: { variable: string; label: string }) {
  const result = useVariable(variable)
  return (
    <span role="status" aria-label={`${label} result`}>
      {resultBadge(result)}
    </span>
  )
}

/** The arranged controls; plain functions, not components, since the tree renders once per layout. */
function renderNode(node: LayoutNode, key: string) {
  switch (node.kind) {
    case 'field':
      return <FieldSlot key={key} variable={node.variable} className={colClass(node.col)} />
    case 'note':
      return (
        <div key={key} className={colClass(node.col)}>
          <div className="alert alert-light border mb-0 py-2">{node.label}</div>
        </div>
      )
    case 'row':
      return (
        <div key={key} className="col-12">
          {node.label && <div className="fw-semibold mb-2">{node.label}</div>}
          {renderNodes(node.children)}
        </div>
      )
    case 'group':
      return (
        <div key={key} className={colClass(node.col)}>
          <fieldset className="card">
            <legend className="card-header d-flex justify-content-between align-items-center fs-6 fw-semibold mb-0">
              <span>{node.label}</span>
              {node.variable && <GroupResult variable={node.variable} label={node.label ?? node.variable} />}
            </legend>
            <div className="card-body">{renderNodes(node.children)}</div>
          </fieldset>
        </div>
      )
  }
}

function renderNodes(nodes: readonly LayoutNode[]) {
  return (
    <div className="row g-3">
      {nodes.map((node, i) => renderNode(node, node.kind === 'field' ? node.variable : `${node.kind}-${i}`))}
    </div>
  )
}

/**
 * The rjsf field for the record's root object: it lays the controls out as the layout arranges them
 * (groups, rows, notes, Bootstrap columns) instead of rjsf's flat property list, and renders each
 * variable through a FieldSlot bound to the form store. rjsf renders this once; values never flow
 * back through rjsf's own state, which is what keeps a keystroke from re-rendering the whole form.
 */
export function LayoutField(_props: FieldProps) {
  const { compiled } = useRuntime()
  return renderNodes(compiled.tree)
}
