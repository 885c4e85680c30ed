import { Component, useState, type ReactNode } from 'react'
import { emptyValues } from '../../runtime/compiler'
import { RecordForm, type LiveResult, type RecordData, type RuntimeServices } from '../../runtime/form'
import { ResultBadge } from '../../runtime/widgets/group-result-widget'
import { readsParameters, type FormLayout } from '../../schemas/form-layout'
import type { DesignerStore } from './designer-store'
import { useDesignerDoc } from './designer-store'
import { PreviewParametersSelect, usePreviewParameters } from './preview-parameters'

/**
 * The layout rendered by the real data-entry runtime (RecordForm), with live pass/fail results as a
 * technician would see them. Values typed here are scratch data: nothing is saved, and the page's
 * services decline uploads.
 */
export function Preview({ store, services }: { store: DesignerStore; services: RuntimeServices }) {
  const doc = useDesignerDoc(store)
  return (
    <PreviewBoundary layout={doc.layout}>
      {/* A new layout starts a fresh entry: old values may not fit the new controls. */}
      <PreviewForm key={doc.version} layout={doc.layout} services={services} />
    </PreviewBoundary>
  )
}

function PreviewForm({ layout, services }: { layout: FormLayout; services: RuntimeServices }) {
  const [value, setValue] = useState<RecordData>(() => emptyValues(layout))
  const [result, setResult] = useState<LiveResult>('-')
  const reads = readsParameters(layout)
  const parameters = usePreviewParameters(services, reads)
  if (layout.controls.length === 0) {
    return <p className="text-body-secondary">Add controls on the Design tab to preview the form.</p>
  }
  return (
    <div className="designer-preview">
      <div className="d-flex align-items-center gap-2 mb-3">
        <h2 className="h5 mb-0">{layout.title || 'Untitled form'}</h2>
        <span role="status" aria-label="Overall result" className="ms-auto">
          Overall result <ResultBadge result={result} />
        </span>
      </div>
      <p className="small text-body-secondary">
        Try the form as a technician: results update as you type. Nothing here is saved, and uploads are not
        stored in preview.
      </p>
      {reads && (
        <PreviewParametersSelect
          options={parameters.options}
          chosen={parameters.chosen}
          onChange={parameters.setChosen}
        />
      )}
      <RecordForm
        layout={layout}
        value={value}
        onChange={setValue}
        services={services}
        onResultChange={setResult}
        params={parameters.params}
      />
      <div className="d-flex justify-content-end mt-3">
        <button
          type="button"
          className="btn btn-sm btn-outline-secondary"
          onClick={() => setValue(emptyValues(layout))}
        >
          Clear values
        </button>
      </div>
    </div>
  )
}

/** A layout the runtime cannot render (e.g. mid-edit) shows why instead of breaking the page. */
class PreviewBoundary extends Component<
  { layout: FormLayout; children: ReactNode },
  { error: Error | null; layout: FormLayout }
> {
  override state = { error: null as Error | null, layout: this.props.layout }

  static getDerivedStateFromError(error: Error) {
    return { error }
  }

  static getDerivedStateFromProps(props: { layout: FormLayout }, state: { layout: FormLayout }) {
    return props.layout !== state.layout ? { error: null, layout: props.layout } : null
  }

  override render() {
    if (this.state.error)
      return (
        <div className="alert alert-warning" role="alert">
          The preview cannot show this layout yet: {this.state.error.message}
        </div>
      )
    return this.props.children
  }
}
