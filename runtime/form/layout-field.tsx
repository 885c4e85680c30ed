import type { ReactNode } from 'react'
import type { LayoutNode } from '../compiler'
import { resultBadge, NOT_TESTED } from '../widgets/group-result-widget'
import { FieldSlot } from './field-slot'
import type { FieldSnapshot } from './form-store'
import { useHidden, useRuntime, useSnapshots, type RuntimeContextValue } from './runtime-context'
import { sectionOf, type Section } from './layout-sections'

const colClass = (col: number | undefined) => `col-12${col && col < 12 ? ` col-md-${col}` : ''}`

/** What the nodes of one section render with: the runtime and that section's snapshots. */
interface Scope {
  runtime: RuntimeContextValue
  section: Section
  snapshots: readonly FieldSnapshot[]
}

/** A group, row or note with a condition: shown only while it holds (issue #14). */
function Conditional({ id, children }: { id: string; children: ReactNode }) {
  return useHidden(id) ? null : children
}

/** The arranged controls; plain functions, not components, since the tree renders once per layout. */
function renderNode(node: LayoutNode, key: string, scope: Scope) {
  const element = renderPlain(node, key, scope)
  return node.kind !== 'field' && node.id ? (
    <Conditional key={key} id={node.id}>
      {element}
    </Conditional>
  ) : (
    element
  )
}

function renderPlain(node: LayoutNode, key: string, scope: Scope) {
  switch (node.kind) {
    case 'field':
      return (
        <FieldSlot
          key={key}
          variable={node.variable}
          className={colClass(node.col)}
          snapshot={scope.snapshots[scope.section.index.get(node.variable) as number]}
          runtime={scope.runtime}
        />
      )
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
          {renderNodes(node.children, scope)}
        </div>
      )
    case 'group':
      return <GroupSection key={key} node={node} />
  }
}

function renderNodes(nodes: readonly LayoutNode[], scope: Scope) {
  return (
    <div className="row g-3">
      {nodes.map((node, i) =>
        renderNode(node, node.kind === 'field' ? node.variable : `${node.kind}-${i}`, scope),
      )}
    </div>
  )
}

/**
 * A group's live result in its header (SPEC §4 "Group results"). The stored value of a fresh entry is
 * SPEC's initial 'Fail', but until one of its tests has a value the badge says 'Not tested' (issue #11.14),
 * as the record header does, rather than a red Fail for nothing entered.
 */
function groupResult(variable: string, label: string, { section, snapshots }: Scope) {
  const [result, ...tests] = section.badge.map((i) => snapshots[i].value)
  const tested = tests.length === 0 || tests.some((v) => v !== null && v !== undefined)
  return (
    <span role="status" aria-label={`${label} result`}>
      {resultBadge(tested ? result : NOT_TESTED)}
    </span>
  )
}

/**
 * A group: its card, its badge and its controls, bound to the form store by one subscription for all
 * of them (its nested groups are sections of their own). A keystroke re-renders this group's markup,
 * in which only the changed field's slot renders again (the others are memoised on their snapshots).
 */
function GroupSection({ node }: { node: Extract<LayoutNode, { kind: 'group' }> }) {
  const runtime = useRuntime()
  const section = sectionOf(runtime.compiled, node)
  const scope = { runtime, section, snapshots: useSnapshots(section.keys) }
  return (
    <div className={colClass(node.col)}>
      <fieldset className="card">
        <legend className="card-header d-flex justify-content-between align-items-center fs-6 fw-semibold mb-0">
          <span>{node.label}</span>
          {node.variable && groupResult(node.variable, node.label ?? node.variable, scope)}
        </legend>
        <div className="card-body">{renderNodes(node.children, scope)}</div>
      </fieldset>
    </div>
  )
}

/**
 * The record's controls as the layout arranges them (groups, rows, notes, Bootstrap columns), each
 * variable through a FieldSlot bound to the form store by its section (the top level, or a group). The
 * RecordForm renders this once; values never flow through React state above the sections, which is what
 * keeps a keystroke from re-rendering the whole form.
 */
export function LayoutField() {
  const runtime = useRuntime()
  const section = sectionOf(runtime.compiled, runtime.compiled.tree)
  return renderNodes(runtime.compiled.tree, { runtime, section, snapshots: useSnapshots(section.keys) })
}
