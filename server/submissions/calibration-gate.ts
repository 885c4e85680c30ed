import {
  calibrationBlockedMessage,
  calibrationGate,
  calibrationInForce,
  calibrationStatusAt,
  mayOverrideCalibration,
  RECORD_MESSAGES,
  stricterPolicy,
  type CalibrationOverride,
  type CalibrationPolicy,
  type EquipmentSnapshot,
  type OverrideRequest,
  type TestEquipment,
} from '../../schemas/records/index'
import type { Viewer } from '../access/viewer'
import { badRequest, forbidden } from '../http-error'
import type { RecordDefinition } from '../record-types/record-definitions'
import { idsOf, valueOf } from './values'
import { attachmentControls } from './layout-controls'

/** What a record's testEquipment controls name: each device once, with the strictest policy naming it. */
export function equipmentPolicies(
  definition: RecordDefinition,
  data: Record<string, unknown>,
): Map<number, CalibrationPolicy> {
  const policies = new Map<number, CalibrationPolicy>()
  if (!definition.layout) return policies
  for (const { variable, policy } of attachmentControls(definition.layout).equipment)
    for (const id of idsOf(valueOf(data, variable)))
      policies.set(id, stricterPolicy(policies.get(id), policy))
  return policies
}

/**
 * The overrides a submission asks for, checked before any device is judged: only configurators and
 * admins may override (403 for anyone else, even for a device that needs none, so a refused role learns
 * it at once), each for a device the record uses, each with a reason. Keyed by device id.
 */
export function checkOverrides(
  requests: readonly OverrideRequest[] | null | undefined,
  devices: ReadonlyMap<number, TestEquipment>,
  who: Viewer,
): Map<number, string> {
  const reasons = new Map<number, string>()
  if (!requests?.length) return reasons
  if (!mayOverrideCalibration(who.view)) throw forbidden(RECORD_MESSAGES.overrideForbidden)
  for (const { testEquipmentId, reason } of requests) {
    const device = devices.get(testEquipmentId)
    if (!device) throw badRequest(RECORD_MESSAGES.overrideNotUsed(testEquipmentId))
    if (!reason.trim()) throw badRequest(RECORD_MESSAGES.overrideReasonRequired(device.serialNumber.full))
    reasons.set(testEquipmentId, reason.trim())
  }
  return reasons
}

/** Who overrode, when and why: the server's user and clock, never the client's word. */
const overrideBy = (reason: string, who: Viewer, at: Date): CalibrationOverride => ({
  reason,
  userId: who.id || null,
  userName: who.username,
  at: at.toISOString(),
})

/**
 * The calibration gate (issue #15.1) and the frozen snapshot (issue #15.2) of a record's devices, in
 * the order of `devices`. Each device's status at the record's date comes from `calibrationStatusAt`,
 * the function the widget shows; a device its policy blocks needs an override, else 400 naming it.
 * An override of a device that is not blocked changes nothing and is not stored: there was nothing to
 * override. A device is judged by its calibration in force at the record's date, and `suspect` names the
 * devices an impact case's window covers then (issue #15.3).
 */
export function gateAndSnapshot(input: {
  devices: readonly TestEquipment[]
  policies: ReadonlyMap<number, CalibrationPolicy>
  overrides: ReadonlyMap<number, string>
  recordDate: Date
  who: Viewer
  now: Date
  suspect?: ReadonlySet<number>
}): EquipmentSnapshot[] {
  return input.devices.map((device) => {
    // The calibration in force at the record's date (issue #15.3), not merely the latest one.
    const calibration = calibrationInForce(device, input.recordDate)
    const status = calibrationStatusAt(calibration, input.recordDate, {
      suspect: input.suspect?.has(device.id),
    })
    const policy = input.policies.get(device.id) ?? 'warn'
    const blocked = calibrationGate(status, policy) === 'block'
    const reason = input.overrides.get(device.id)
    if (blocked && !reason)
      throw badRequest(calibrationBlockedMessage(device.serialNumber.full, status, calibration?.expires))
    return {
      testEquipmentId: device.id,
      serialNumber: device.serialNumber.full,
      description: device.description ?? null,
      ownerName: device.owner?.name ?? null,
      calibrationSkipped: calibration?.skipped ?? false,
      calibrationDate: calibration?.date ?? null,
      expires: calibration?.expires ?? null,
      calibratorName: calibration?.calibrator?.name ?? null,
      certificate: calibration?.certificate ?? null,
      status,
      policy,
      override: blocked && reason ? overrideBy(reason, input.who, input.now) : null,
    }
  })
}
