import { setMappings, type DesignerDocument } from '../../../designer/model'
import type { DesignerStore } from '../../../designer/ui'
import type { Component, FieldMappings, MappingField } from '../../../schemas/form-layout'

/** Without empty keys: a cleared input removes its mapping. */
function withMapping(mappings: FieldMappings, field: MappingField, value: string): FieldMappings {
  const next: Record<string, unknown> = { ...mappings }
  if (value === '') delete next[field]
  else next[field] = value
  return next as FieldMappings
}

/**
 * The field mappings and components, edited in the designer's document so they undo with it and
 * follow variable renames.
 */
export function useRecordTypeMappings(store: DesignerStore, doc: DesignerDocument) {
  const setMapping = (field: MappingField, value: string) =>
    store.apply((d) => setMappings(d, withMapping(d.mappings, field, value)), {
      coalesceKey: `mapping:${field}`,
    })

  const components: Component[] = doc.mappings.components ?? []
  const setComponents = (list: Component[], coalesceKey?: string) =>
    store.apply((d) => setMappings(d, { ...d.mappings, components: list }), { coalesceKey })

  const addComponent = () => {
    const nextId = components.reduce((m, c) => Math.max(m, c.id), 0) + 1
    setComponents([...components, { id: nextId, serialField: '', productType: null }])
  }
  const updateComponent = (rowId: number, patch: Partial<Component>, coalesceKey?: string) =>
    setComponents(
      components.map((c) => (c.id === rowId ? { ...c, ...patch } : c)),
      coalesceKey,
    )
  const removeComponent = (rowId: number) => setComponents(components.filter((c) => c.id !== rowId))

  return { setMapping, components, addComponent, updateComponent, removeComponent }
}
