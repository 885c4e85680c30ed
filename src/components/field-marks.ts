import { useEffect, useRef } from 'react'

/**
 * The fields a refused Save marked, less those an edit just changed (`patch`): null once none is left.
 * The supplier and device-owner screens drop a mark as soon as its field is typed in.
 */
export function unmarkEdited<M extends { fields: readonly string[] }>(marks: M, patch: object): M | null {
  const fields = marks.fields.filter((f) => !(f in patch))
  return fields.length ? { ...marks, fields } : null
}

/**
 * A ref for a screen part whose first field marked invalid (`aria-invalid="true"`) gets the focus each
 * time `markedAt` counts a refused Save — once the row's grid page is drawn (the next task).
 */
export function useFocusFirstInvalid<E extends HTMLElement>(markedAt: number) {
  const root = useRef<E>(null)
  useEffect(() => {
    if (!markedAt) return
    const timer = setTimeout(() => root.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus())
    return () => clearTimeout(timer)
  }, [markedAt])
  return root
}
