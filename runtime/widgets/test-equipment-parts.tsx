import { TestEquipmentCard, type CardGate, type EquipmentEntry } from './test-equipment-card'

/**
 * The ID box with Add and Scan. Not a <form>: the page may already wrap the record form in one.
 */
export function EquipmentCodeEntry(props: {
  id: string
  label: string
  code: string
  problem: string | null
  busy: boolean
  onCode: (code: string) => void
  onAdd: (code: string) => void
  onScan: () => void
}) {
  const { code, onAdd } = props
  return (
    <div className="input-group mb-2">
      <input
        id={props.id}
        className={`form-control${props.problem ? ' is-invalid' : ''}`}
        placeholder="Test equipment ID"
        aria-label={`${props.label}: test equipment ID`}
        value={code}
        onChange={(e) => props.onCode(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault()
            onAdd(code)
          }
        }}
      />
      <button
        type="button"
        className="btn btn-outline-primary"
        disabled={props.busy || !code.trim()}
        onClick={() => onAdd(code)}
      >
        {props.busy ? 'Adding…' : 'Add'}
      </button>
      <button type="button" className="btn btn-outline-secondary" onClick={props.onScan}>
        Scan
      </button>
    </div>
  )
}

/**
 * The added items as cards with how many of the required are added, or the line saying none is added
 * (and how many are required).
 */
export function EquipmentList(props: {
  ids: number[]
  items: Record<number, EquipmentEntry>
  min: number
  /** Absent when the widget is inert: the cards then have no Remove. */
  onRemove?: (id: number) => void
  /** The moment devices are judged at: the record's date, else now (issue #15.1). */
  at?: Date
  /** Each card's calibration gate; absent for a stored record shown read-only (its snapshot says it). */
  gateOf?: (id: number) => CardGate
}) {
  const { ids, items, min, onRemove, gateOf } = props
  if (ids.length === 0)
    return (
      <div className="text-body-secondary small">
        No test equipment added.{min > 0 ? ` At least ${min} required.` : ''}
      </div>
    )
  return (
    <>
      <ul
        className="list-unstyled d-grid gap-2 mb-0"
        style={{ gridTemplateColumns: 'repeat(auto-fill, minmax(16rem, 1fr))' }}
      >
        {ids.map((id) => (
          <TestEquipmentCard
            key={id}
            entry={items[id] ?? { id, state: 'loading' }}
            now={props.at}
            gate={gateOf?.(id)}
            onRemove={onRemove ? () => onRemove(id) : undefined}
          />
        ))}
      </ul>
      {min > 0 && (
        <div className="form-text">
          {ids.length} of at least {min} added.
        </div>
      )}
    </>
  )
}
