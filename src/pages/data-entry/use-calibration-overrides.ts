import { useCallback, useMemo, useState } from 'react'
import { useAtomValue } from 'jotai'
import type { CalibrationRuntime } from '../../../runtime/form'
import { walkControls, type FieldMappings, type FormLayout } from '../../../schemas/form-layout'
import { mayOverrideCalibration, type OverrideRequest } from '../../../schemas/records'
import { sessionAtom } from '../../session/session-atoms'

const NONE: Readonly<Record<number, string>> = Object.freeze({})

/**
 * The page side of the calibration gate (issue #15.1): the override reasons a configurator or admin
 * gives in the testEquipment widget, kept here until Save sends them (`calibrationOverrides`).
 */
export function useCalibrationOverrides(mappings: FieldMappings, entryKey: string) {
  const view = useAtomValue(sessionAtom)?.view ?? 'none'
  // Reasons belong to one entry: another record or record type starts without any.
  const [state, setState] = useState<{ key: string; reasons: Readonly<Record<number, string>> }>({
    key: entryKey,
    reasons: {},
  })
  const overrides = state.key === entryKey ? state.reasons : NONE
  const setOverride = useCallback(
    (id: number, reason: string | null) => {
      setState((s) => {
        const all = s.key === entryKey ? s.reasons : NONE
        if (reason === null && !(id in all)) return s
        const next = { ...all }
        if (reason === null) delete next[id]
        else next[id] = reason
        return { key: entryKey, reasons: next }
      })
    },
    [entryKey],
  )
  const calibration = useMemo<CalibrationRuntime>(
    () => ({
      recordDateVariable: mappings.dateOfRecordField ?? undefined,
      frequencyVariable: mappings.calibrationFrequencyField ?? undefined,
      mayOverride: mayOverrideCalibration(view),
      overrides,
      setOverride,
    }),
    [mappings.dateOfRecordField, mappings.calibrationFrequencyField, view, overrides, setOverride],
  )
  const reset = useCallback(() => setState({ key: entryKey, reasons: NONE }), [entryKey])
  return { calibration, reset }
}

/** The overrides to send: only for devices the record still lists (the server refuses others). */
export function overridesToSend(
  layout: FormLayout,
  value: Record<string, unknown>,
  overrides: Readonly<Record<number, string>>,
): OverrideRequest[] {
  const used = new Set<number>()
  for (const { control } of walkControls(layout.controls)) {
    if (control.type !== 'testEquipment') continue
    const ids = value[control.variable]
    if (Array.isArray(ids)) for (const id of ids) if (Number.isInteger(id)) used.add(id as number)
  }
  return Object.entries(overrides)
    .map(([id, reason]) => ({ testEquipmentId: Number(id), reason }))
    .filter((o) => used.has(o.testEquipmentId))
}
