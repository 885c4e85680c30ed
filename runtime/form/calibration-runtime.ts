import { useOptionalRuntime, useVariable } from './runtime-context'
import { dateOfText } from '../../schemas/records/values'

/**
 * What the testEquipment widget needs from its page for the calibration gate (issue #15.1): which
 * variable holds the record's date, whether this user may override a blocked device, and the override
 * reasons given so far. The page keeps the reasons and sends them with the submission
 * (`calibrationOverrides`); the server checks the role and the gate again.
 */
export interface CalibrationRuntime {
  /** The record type's dateOfRecordField: devices are judged at its value, else now (as the server does). */
  recordDateVariable?: string
  /**
   * The record type's calibrationFrequencyField: its timespan says at once when a frequency does not come
   * to whole months and days, which the server refuses (schemas/records/calibration-frequency.ts).
   */
  frequencyVariable?: string
  /** Configurators and admins only (schemas/records mayOverrideCalibration). */
  mayOverride: boolean
  /** Reasons by test equipment id. */
  overrides: Readonly<Record<number, string>>
  /** Gives (or with null withdraws) the override reason of one device. */
  setOverride(id: number, reason: string | null): void
}

const NO_GATE: CalibrationRuntime = { mayOverride: false, overrides: {}, setOverride: () => undefined }

/** A date value of the form (date picker text, ISO text or a Date) as an instant; undefined when none. */
function instantOf(value: unknown): Date | undefined {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value
  return typeof value === 'string' && value.trim() ? dateOfText(value)?.date : undefined
}

/**
 * The page's calibration runtime (a plain rjsf form or a test without one: no overrides) and the moment
 * devices are judged at: the record's date when the form has one, else now.
 */
export function useCalibrationRuntime(): { calibration: CalibrationRuntime; at: Date } {
  const calibration = useOptionalRuntime()?.calibration ?? NO_GATE
  const recordDate = instantOf(useVariable(calibration.recordDateVariable))
  return { calibration, at: recordDate ?? new Date() }
}
