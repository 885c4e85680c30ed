import { useCallback, useEffect, useState } from 'react'
import type { TestEquipment } from '../../schemas/records'
import { useOptionalRuntime } from '../form/runtime-context'
import type { RuntimeServices } from '../form/services'
import { WIDGET_MESSAGES } from './messages'
import { ScanModal } from './scan-modal'
import { TestEquipmentCard, type EquipmentEntry } from './test-equipment-card'
import { isInert, type ItrWidgetProps } from './widget-props'

const M = WIDGET_MESSAGES.testEquipment

/** What a typed or scanned code names: a label's QR payload ({id,t,s}) or a bare id names an id. */
export function parseEquipmentCode(text: string): { id: number } | { serial: string } | null {
  const trimmed = text.trim()
  if (!trimmed) return null
  if (trimmed.startsWith('{')) {
    try {
      const qr = JSON.parse(trimmed) as { id?: unknown }
      if (Number.isInteger(qr.id)) return { id: qr.id as number }
    } catch {
      // Not the label's JSON: treat it as a serial number.
    }
  }
  if (/^\d+$/.test(trimmed)) return { id: Number(trimmed) }
  return { serial: trimmed }
}

/**
 * Finds the item a code names, with SPEC §8's text when it cannot: by id, 'Could not find test
 * equipment with ID {id}' or 'An error occurred while loading test equipment'; by serial number,
 * 'Could not find any test equipment with this serial number. …' or 'Unable to find test equipment
 * for serial number {n} at this time'.
 */
export async function resolveEquipment(
  services: RuntimeServices,
  code: { id: number } | { serial: string },
): Promise<{ item: TestEquipment } | { error: string }> {
  if ('id' in code) {
    try {
      const item = await services.testEquipmentById(code.id)
      return item ? { item } : { error: M.notFoundId(code.id) }
    } catch {
      return { error: M.loadFailed }
    }
  }
  try {
    const [item] = await services.testEquipmentBySerial(code.serial)
    return item ? { item } : { error: M.notFoundSerial }
  } catch {
    return { error: M.lookupFailed(code.serial) }
  }
}

const idsOf = (v: unknown): number[] =>
  Array.isArray(v) ? v.filter((x): x is number => Number.isInteger(x)) : []

/**
 * testEquipment (SPEC §2): the test equipment used for this record, added by ID (typed, or scanned
 * from its label in the 'Scan Test Equipment Barcode' modal), one card per item with its calibration
 * state. The record stores the ids; the items are loaded for the cards.
 */
export function TestEquipmentWidget(props: ItrWidgetProps) {
  const services = useOptionalRuntime()?.services
  const ids = idsOf(props.value)
  const min = Number((props.options as { min?: number }).min ?? 0)
  const [items, setItems] = useState<Record<number, EquipmentEntry>>({})
  const [code, setCode] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [scanning, setScanning] = useState(false)
  const inert = isInert(props)
  const idsKey = ids.join(',')

  // Items of a loaded record (or added elsewhere) are fetched for their cards.
  useEffect(() => {
    if (!services) return
    const wanted = idsKey ? idsKey.split(',').map(Number) : []
    const unknown = wanted.filter((id) => !items[id])
    if (!unknown.length) return
    setItems((all) => ({
      ...all,
      ...Object.fromEntries(unknown.map((id) => [id, { id, state: 'loading' as const }])),
    }))
    for (const id of unknown)
      void resolveEquipment(services, { id }).then((found) =>
        setItems((all) => ({
          ...all,
          [id]:
            'item' in found
              ? { id, state: 'loaded', item: found.item }
              : { id, state: 'missing', message: found.error },
        })),
      )
  }, [services, idsKey, items])

  const { onChange } = props
  const add = useCallback(
    async (text: string) => {
      const parsed = parseEquipmentCode(text)
      if (!parsed || !services) return
      setBusy(true)
      setProblem(null)
      const found = await resolveEquipment(services, parsed)
      setBusy(false)
      if ('error' in found) return setProblem(found.error)
      const current = idsOf(props.value)
      if (current.includes(found.item.id)) return setProblem(M.alreadyAdded(found.item.serialNumber.full))
      setItems((all) => ({
        ...all,
        [found.item.id]: { id: found.item.id, state: 'loaded', item: found.item },
      }))
      setCode('')
      onChange([...current, found.item.id])
    },
    [services, props.value, onChange],
  )
  const scanned = useCallback(
    (text: string) => {
      setScanning(false)
      void add(text)
    },
    [add],
  )

  return (
    <div>
      {!inert && (
        // Not a <form>: the page may already wrap the record form in one.
        <div className="input-group mb-2">
          <input
            id={props.id}
            className={`form-control${problem ? ' is-invalid' : ''}`}
            placeholder="Test equipment ID"
            aria-label={`${props.label}: test equipment ID`}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault()
                void add(code)
              }
            }}
          />
          <button
            type="button"
            className="btn btn-outline-primary"
            disabled={busy || !code.trim()}
            onClick={() => void add(code)}
          >
            {busy ? 'Adding…' : 'Add'}
          </button>
          <button type="button" className="btn btn-outline-secondary" onClick={() => setScanning(true)}>
            Scan
          </button>
        </div>
      )}
      {problem && (
        <div className="text-danger small mb-2" role="alert">
          {problem}
        </div>
      )}
      {ids.length === 0 ? (
        <div className="text-body-secondary small">
          No test equipment added.{min > 0 ? ` At least ${min} required.` : ''}
        </div>
      ) : (
        <ul
          className="list-unstyled d-grid gap-2 mb-0"
          style={{ gridTemplateColumns: 'repeat(auto-fill, minmax(16rem, 1fr))' }}
        >
          {ids.map((id) => (
            <TestEquipmentCard
              key={id}
              entry={items[id] ?? { id, state: 'loading' }}
              onRemove={
                inert ? undefined : () => onChange(ids.length > 1 ? ids.filter((x) => x !== id) : null)
              }
            />
          ))}
        </ul>
      )}
      {min > 0 && ids.length > 0 && (
        <div className="form-text">
          {ids.length} of at least {min} added.
        </div>
      )}
      {scanning && (
        <ScanModal
          show
          title={WIDGET_MESSAGES.scan.title}
          manualLabel="Test equipment ID or serial number"
          onClose={() => setScanning(false)}
          onDetected={scanned}
        />
      )}
    </div>
  )
}
