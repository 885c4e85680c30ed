import { useCallback, useEffect, useState } from 'react'
import type { CalibrationPolicy, TestEquipment } from '../../schemas/records'
import { equipmentCodeOf } from '../../schemas/records/scan-code'
import { useCalibrationRuntime } from '../form/calibration-runtime'
import { useOptionalRuntime } from '../form/runtime-context'
import type { RuntimeServices } from '../form/services'
import { WIDGET_MESSAGES } from './messages'
import { ScanModal } from './scan-modal'
import type { CardGate, EquipmentEntry } from './test-equipment-card'
import { EquipmentCodeEntry, EquipmentList } from './test-equipment-parts'
import { isInert, type ItrWidgetProps } from './widget-props'

const M = WIDGET_MESSAGES.testEquipment

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
 * The cards' items: those of a loaded record (or added elsewhere) are fetched by id; `add` puts the
 * item it found in directly.
 */
function useEquipmentItems(services: RuntimeServices | undefined, ids: number[]) {
  const [items, setItems] = useState<Record<number, EquipmentEntry>>({})
  const idsKey = ids.join(',')
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
  return [items, setItems] as const
}

/**
 * The control's calibration gate (issue #15.1): the moment devices are judged at, each card's gate under
 * the control's policy with the page's override reasons, and `forget` for a removed device (its override
 * would name a device the record no longer uses). No gates for a stored record shown read-only: it was
 * gated when saved, and its snapshot table shows how.
 */
function useCalibrationGate(policy: CalibrationPolicy | undefined, inert: boolean) {
  const { calibration, at } = useCalibrationRuntime()
  const readOnlyRecord = useOptionalRuntime()?.readOnly === true
  const gateOf = readOnlyRecord
    ? undefined
    : (id: number): CardGate => ({
        policy: policy ?? 'warn',
        reason: calibration.overrides[id],
        mayOverride: calibration.mayOverride,
        inert,
        onOverride: (reason) => calibration.setOverride(id, reason),
      })
  return { at, gateOf, forget: (id: number) => calibration.setOverride(id, null) }
}

/**
 * Adding a typed or scanned code: finds the item (SPEC §8 texts when it cannot), refuses one already
 * added, puts it in the cards' items and the value.
 */
function useAddEquipment(
  props: ItrWidgetProps,
  services: RuntimeServices | undefined,
  setItems: ReturnType<typeof useEquipmentItems>[1],
) {
  const [code, setCode] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const { onChange, value } = props
  const add = useCallback(
    async (text: string) => {
      const parsed = equipmentCodeOf(text)
      if (!parsed || !services) return
      setBusy(true)
      setProblem(null)
      const found = await resolveEquipment(services, parsed)
      setBusy(false)
      if ('error' in found) return setProblem(found.error)
      const current = idsOf(value)
      if (current.includes(found.item.id)) return setProblem(M.alreadyAdded(found.item.serialNumber.full))
      setItems((all) => ({
        ...all,
        [found.item.id]: { id: found.item.id, state: 'loaded', item: found.item },
      }))
      setCode('')
      onChange([...current, found.item.id])
    },
    // setItems is a useState setter (stable); listed because it comes through useEquipmentItems.
    [services, value, onChange, setItems],
  )
  return { code, setCode, problem, busy, add }
}

/**
 * testEquipment (SPEC §2): the test equipment used for this record, added by ID (typed, or scanned
 * from its label in the 'Scan Test Equipment Barcode' modal; a label's QR payload, the equipment page's
 * URL, a bare id or a serial number, read by schemas/records/scan-code.ts), one card per item with its calibration
 * state. The record stores the ids; the items are loaded for the cards.
 */
export function TestEquipmentWidget(props: ItrWidgetProps) {
  const services = useOptionalRuntime()?.services
  const ids = idsOf(props.value)
  const options = props.options as { min?: number; calibrationPolicy?: CalibrationPolicy }
  const min = Number(options.min ?? 0)
  const [items, setItems] = useEquipmentItems(services, ids)
  const { code, setCode, problem, busy, add } = useAddEquipment(props, services, setItems)
  const [scanning, setScanning] = useState(false)
  const inert = isInert(props)
  const gate = useCalibrationGate(options.calibrationPolicy, inert)
  const { onChange } = props
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
        <EquipmentCodeEntry
          id={props.id}
          label={props.label}
          code={code}
          problem={problem}
          busy={busy}
          onCode={setCode}
          onAdd={(text) => void add(text)}
          onScan={() => setScanning(true)}
        />
      )}
      {problem && (
        <div className="text-danger small mb-2" role="alert">
          {problem}
        </div>
      )}
      <EquipmentList
        ids={ids}
        items={items}
        min={min}
        at={gate.at}
        gateOf={gate.gateOf}
        onRemove={
          inert
            ? undefined
            : (id) => {
                gate.forget(id)
                onChange(ids.length > 1 ? ids.filter((x) => x !== id) : null)
              }
        }
      />
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
