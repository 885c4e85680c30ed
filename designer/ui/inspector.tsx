import { useEffect, useState } from 'react'
import { controlAt } from '../model'
import type { DesignerStore } from './designer-store'
import { selectedPathOf, useDesignerState } from './designer-store'
import type * as InspectorFormModule from './inspector-form'

type FormModule = typeof InspectorFormModule

// The form (rjsf, its validator and the condition builder: ~90 KB gzip) is only needed once a control
// is selected, so it loads then instead of with the canvas (issue #17 point 6). Kept once loaded, so
// later selections render at once.
let loaded: FormModule | undefined
let loading: Promise<FormModule> | undefined

/** Loads the inspector's form once (tests await it to render synchronously). */
export function loadInspectorForm(): Promise<FormModule> {
  loading ??= import('./inspector-form').then(
    (m) => (loaded = m),
    (error: unknown) => {
      loading = undefined // a failed chunk load is retried on the next selection
      throw error
    },
  )
  return loading
}

/** The loaded form module, starting its load when `wanted`; re-renders when it arrives. */
function useInspectorForm(wanted: boolean): FormModule | undefined {
  const [, setArrived] = useState(0)
  const [failed, setFailed] = useState<unknown>()
  useEffect(() => {
    if (!wanted || loaded) return
    let live = true
    loadInspectorForm().then(
      () => live && setArrived((n) => n + 1),
      (error: unknown) => live && setFailed(error),
    )
    return () => {
      live = false
    }
  }, [wanted])
  if (failed) throw failed // to the page's error boundary, as a failed lazy tab would
  return loaded
}

/** The selected control's properties (inspector-form.tsx), or a hint while nothing is selected. */
export function Inspector({ store }: { store: DesignerStore }) {
  const { history, selected } = useDesignerState(store)
  const doc = history.present
  const path = selectedPathOf(doc, selected)
  const control = path ? controlAt(doc.layout.controls, path) : undefined
  const form = useInspectorForm(Boolean(control))
  return (
    <aside className="designer-inspector" aria-label="Inspector">
      <h2 className="designer-pane-title">Inspector</h2>
      {selected && path && control ? (
        form ? (
          <form.InspectorForm
            key={selected}
            store={store}
            doc={doc}
            id={selected}
            path={path}
            control={control}
          />
        ) : (
          <p className="text-body-secondary small mb-0">Loading the properties…</p>
        )
      ) : (
        <p className="text-body-secondary small mb-0">
          Select a control on the canvas to edit its properties.
        </p>
      )}
    </aside>
  )
}
