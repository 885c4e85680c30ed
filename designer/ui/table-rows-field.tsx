import { useState } from 'react'
import type { FieldProps } from '@rjsf/utils'
import { combineLabels, labelsOfText, parseList } from '../model'
import { DraftInputArea } from './draft-inputs'

/**
 * The inspector's editor of a table's rows (issue #14), an rjsf field on `rowLabels`: fixed labelled rows
 * (typed one per line, or made from every combination of two lists, e.g. taps 1-5 × phases A,B,C) or rows
 * the technician adds, whose fewest and most the inspector's Fewest/Most rows fields set.
 */
export function TableRowsField(props: FieldProps) {
  const labels = props.formData as string[] | undefined
  const id = props.fieldPathId.$id
  const change = (next: string[] | undefined) => props.onChange(next, props.fieldPathId.path)
  const [first, setFirst] = useState('1-5')
  const [second, setSecond] = useState('A, B, C')
  const [prefix, setPrefix] = useState('Tap ')
  const fixed = Array.isArray(labels)
  return (
    <fieldset className="mb-3" aria-label="Rows">
      <legend className="form-label fs-6 mb-1">Rows</legend>
      <div className="btn-group btn-group-sm mb-2" role="radiogroup" aria-label="Row mode">
        <input
          type="radio"
          className="btn-check"
          id={`${id}-fixed`}
          checked={fixed}
          onChange={() => change(labels ?? ['1', '2', '3'])}
        />
        <label className="btn btn-outline-primary" htmlFor={`${id}-fixed`}>
          Fixed, labelled
        </label>
        <input
          type="radio"
          className="btn-check"
          id={`${id}-added`}
          checked={!fixed}
          onChange={() => change(undefined)}
        />
        <label className="btn btn-outline-primary" htmlFor={`${id}-added`}>
          Added by the technician
        </label>
      </div>
      {fixed && (
        <>
          <DraftInputArea
            id={`${id}-labels`}
            label="Row labels"
            value={labels.join('\n')}
            onValue={(t) => change(labelsOfText(t))}
          />
          <div className="small text-body-secondary mb-1">Or every combination of two lists:</div>
          <div className="input-group input-group-sm mb-1">
            <input
              className="form-control"
              aria-label="Label prefix"
              value={prefix}
              onChange={(e) => setPrefix(e.target.value)}
            />
            <input
              className="form-control"
              aria-label="First list"
              value={first}
              onChange={(e) => setFirst(e.target.value)}
            />
            <span className="input-group-text">×</span>
            <input
              className="form-control"
              aria-label="Second list"
              value={second}
              onChange={(e) => setSecond(e.target.value)}
            />
          </div>
          <button
            type="button"
            className="btn btn-sm btn-outline-primary"
            onClick={() => change(combineLabels(parseList(first), parseList(second), prefix))}
          >
            Make rows
          </button>
        </>
      )}
    </fieldset>
  )
}
