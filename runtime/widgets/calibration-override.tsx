import { useId, useState } from 'react'

/**
 * What a card shows for a device its record type blocks (issue #15.1): the message naming it, then
 * for a configurator or admin an override with a reason (or the reason given, to withdraw); for
 * others the message alone, which says who may override. The server checks the role again.
 */
export function CalibrationOverride(props: {
  serial: string
  message: string
  reason: string | undefined
  mayOverride: boolean
  inert: boolean
  onOverride(reason: string | null): void
}) {
  const [open, setOpen] = useState(false)
  const [text, setText] = useState('')
  const id = useId()
  if (props.reason)
    return (
      <div className="alert alert-warning small py-1 px-2 mt-2 mb-0" role="note">
        <div className="fw-semibold">Calibration block overridden</div>
        <div className="text-break">Reason: {props.reason}</div>
        {!props.inert && (
          <button type="button" className="btn btn-link btn-sm p-0" onClick={() => props.onOverride(null)}>
            Withdraw override
          </button>
        )}
      </div>
    )
  return (
    <div className="mt-2">
      <div className="alert alert-danger small py-1 px-2 mb-0" role="alert">
        {props.message}
      </div>
      {props.mayOverride && !props.inert && !open && (
        <button type="button" className="btn btn-outline-danger btn-sm mt-2" onClick={() => setOpen(true)}>
          Override…
        </button>
      )}
      {props.mayOverride && !props.inert && open && (
        <div className="mt-2">
          <label htmlFor={id} className="form-label small mb-1">
            Override reason for {props.serial}
          </label>
          <textarea
            id={id}
            className="form-control form-control-sm"
            rows={3}
            maxLength={1000}
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
          <div className="d-flex flex-wrap gap-2 mt-2">
            <button
              type="button"
              className="btn btn-danger btn-sm"
              disabled={!text.trim()}
              onClick={() => props.onOverride(text.trim())}
            >
              Apply override
            </button>
            <button type="button" className="btn btn-outline-secondary btn-sm" onClick={() => setOpen(false)}>
              Cancel
            </button>
          </div>
        </div>
      )}
    </div>
  )
}
