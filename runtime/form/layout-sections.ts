import type { CompiledLayout, LayoutNode } from '../compiler'

/**
 * The variables one section of the form binds with its one subscription (layout-field.tsx): the fields it
 * lays out itself (not those of nested groups, which are sections of their own) and, for a group with a
 * result, the result and the tests its badge reads.
 */
export interface Section {
  /** Every variable the section reads, each once; the same array for the life of the compiled layout. */
  keys: string[]
  /** Position of each of its fields in `keys`. */
  index: ReadonlyMap<string, number>
  /** Positions of the group's result and then its tests (empty for a group without a result). */
  badge: number[]
}

const sections = new WeakMap<object, Section>()

/** The section of a group node, or of the form's top level (its tree), made once per compiled layout. */
export function sectionOf(
  compiled: CompiledLayout,
  owner: Extract<LayoutNode, { kind: 'group' }> | readonly LayoutNode[],
): Section {
  let section = sections.get(owner)
  if (!section) sections.set(owner, (section = makeSection(compiled, owner)))
  return section
}

function makeSection(
  compiled: CompiledLayout,
  owner: Extract<LayoutNode, { kind: 'group' }> | readonly LayoutNode[],
): Section {
  const keys: string[] = []
  // A Map, not an object keyed by variable: every group's variables differ, and an object per group
  // would make V8 build new hidden classes for each of them on the form's first render.
  const index = new Map<string, number>()
  const at = (variable: string) => {
    let i = index.get(variable)
    if (i === undefined) index.set(variable, (i = keys.push(variable) - 1))
    return i
  }
  const visit = (nodes: readonly LayoutNode[]) => {
    for (const node of nodes)
      if (node.kind === 'field') at(node.variable)
      else if (node.kind === 'row') visit(node.children)
  }
  const isGroup = !Array.isArray(owner)
  const group = owner as Extract<LayoutNode, { kind: 'group' }>
  visit(isGroup ? group.children : (owner as readonly LayoutNode[]))
  const fields = new Map(index)
  const badge = isGroup && group.variable ? badgeVariables(compiled, group.variable).map(at) : []
  return { keys, index: fields, badge }
}

/**
 * Each result group's members by group variable: the variables its result is computed from (its
 * `tests`, else its test fields, checkboxes and result groups), read off the compile's `dependents`,
 * which lists them the other way round. Made once per compiled layout, instead of walking every group's
 * controls again for its badge on the form's first render (issue #17.5).
 */
const groupMembers = new WeakMap<CompiledLayout, Map<string, string[]>>()

function membersOf(compiled: CompiledLayout): Map<string, string[]> {
  let members = groupMembers.get(compiled)
  if (!members) {
    members = new Map()
    for (const variable in compiled.dependents)
      for (const group of compiled.dependents[variable]) {
        const list = members.get(group)
        if (list) list.push(variable)
        else members.set(group, [variable])
      }
    groupMembers.set(compiled, members)
  }
  return members
}

/**
 * A group's result variable followed by the test fields it rests on, nested groups' included: its badge
 * says 'Not tested' until one of them has a value.
 */
function badgeVariables(compiled: CompiledLayout, variable: string): string[] {
  const group = compiled.fields[variable]?.control
  if (!group || group.type !== 'group') return [variable]
  const members = membersOf(compiled)
  const out = [variable]
  const visit = (v: string, seen: Set<string>) => {
    const control = compiled.fields[v]?.control
    if (!control || seen.has(v)) return
    seen.add(v)
    if (control.type === 'testField') out.push(v)
    else if (control.type === 'group') for (const member of members.get(v) ?? []) visit(member, seen)
  }
  visit(variable, new Set())
  return out
}
