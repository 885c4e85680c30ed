import type { FieldProps } from '@rjsf/utils'
import type { LayoutNode } from '../compiler'
import { resultBadge } from '../widgets/group-result-widget'
import { FieldSlot } from './field-slot'
import { useHidden, useRuntime, useVariables } from './runtime-context'
import type { ReactNode } from 'react'
import { groupTestVariables } from '../../schemas/form-layout'
import { NOT_TESTED } from '../widgets/group-result-widget'

const colClass = (col: number | undefined) => `col-12${col && col < 12 ? ` col-md-${col}` : ''}`

/**
 * A group's result variable followed by the test fields it rests on, nested groups' included (made once
 * per group): the group's badge reads them all through one subscription.
 */
const keysOfGroup = new WeakMap<object, string[]>()
function groupKeys(compiled: ReturnType<typeof useRuntime>['compiled'], variable: string): string[] {
  const group = compiled.fields[variable]?.control
  if (!group || group.type !== 'group') return [variable]
  let keys = keysOfGroup.get(group)
  if (!keys) {
    const out = [variable]
    const visit = (v: string, seen: Set<string>) => {
      const control = compiled.fields[v]?.control
      if (!control || seen.has(v)) return
      seen.add(v)
      if (control.type === 'testField') out.push(v)
      else if (control.type === 'group') for (const member of groupTestVariables(control)) visit(member, seen)
    }
    visit(variable, new Set())
    keysOfGroup.set(group, (keys = out))
  }
  return keys
}

/**
 * A group's live result in its header (SPEC §4 "Group results"). The stored value of a fresh entry is
 * SPEC's initial 'Fail', but until one of its tests has a value the badge says 'Not tested' (issue #11.14),
 * as the record header does, rather than a red Fail for nothing entered.
 */
function GroupResult({ variable, label }: { variable: string; label: string }) {
  const { compiled } = useRuntime()
  const [result, ...tests] = useVariables(groupKeys(compiled, variable))
  const tested = tests.length === 0 || tests.some((v) => v !== null && v !== undefined)
  return (
    <span role="status" aria-label={`${label} result`}>
      {resultBadge(tested ? result : NOT_TESTED)}
    </span>
  )
}

/** A group, row or note with a condition: shown only while it holds (issue #14). */
function Conditional({ id, children }: { id: string; children: ReactNode }) {
  return useHidden(id) ? null : children
}

/** The arranged controls; plain functions, not components, since the tree renders once per layout. */
function renderNode(node: LayoutNode, key: string) {
  const element = renderPlain(node, key)
  return node.kind !== 'field' && node.id ? (
    <Conditional key={key} id={node.id}>
      {element}
    </Conditional>
  ) : (
    element
  )
}

function renderPlain(node: LayoutNode, key: string) {
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
