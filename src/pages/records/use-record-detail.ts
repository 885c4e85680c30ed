import { useParams } from 'react-router-dom'
import { loadLayout, type FormLayout } from '../../../schemas/form-layout'
import { RECORD_MESSAGES } from '../../../schemas/records'
import { ApiError } from '../../api/client'
import { useResource } from '../../api/use-resource'
import { recordsApi } from './records-api'
import { recordLines } from './record-lines'
import { recordJudgement } from './record-tests'
import { recordTables } from './record-tables'
import { fromServerData } from '../../../runtime/pass-fail'
import { calibrationOutcomeLine, type CalibrationOutcome } from './calibration-outcome'
import { useCanConfigure } from '../../session/use-can-configure'

/** The calibration history row of calibration record `recordId` of device `deviceId`; null if none or unreadable. */
async function calibrationRow(
  recordId: number,
  deviceId: number | null | undefined,
  signal: AbortSignal,
): Promise<CalibrationOutcome | null> {
  if (deviceId == null) return null
  const rows = await recordsApi.calibrations(deviceId, signal).catch((e: unknown) => {
    if (signal.aborted) throw e
    return []
  })
  return rows.find((r) => r.recordId === recordId) ?? null
}

/**
 * Controller of /Records/{id}: the record and the layout revision it was captured with, whose labels
 * name its values. A layout that cannot be read only costs the labels, never the record.
 */
export function useRecordDetail() {
  const { id = '' } = useParams()
  const valid = /^\d{1,9}$/.test(id) && Number(id) > 0
  // The calibration history is read by configurators and admins only (GET testEquipment/{id}/calibrations).
  const readsHistory = useCanConfigure()
  const res = useResource(
    async (signal) => {
      if (!valid) throw new ApiError(RECORD_MESSAGES.recordNotFound(id), 404)
      const record = await recordsApi.record(Number(id), signal)
      // A calibration's outcome is its row of the device's calibration history (as on its certificate),
      // matched by record id; a role that may not read the history sees no outcome, never an error.
      const row =
        record.category === 'calibration' && readsHistory
          ? calibrationRow(record.recordId, record.testEquipmentId, signal)
          : null
      let layout: FormLayout | null = null
      if (record.layoutVersion != null) {
        const revision = await recordsApi
          .layoutRevision(record.recordTypeId, record.layoutVersion, signal)
          .catch(() => null)
        const loaded = revision ? loadLayout(revision.layout) : null
        layout = loaded?.ok ? loaded.layout : null
      }
      const calibration = record.category === 'calibration' ? { outcome: await row } : undefined
      // A stored '-' where the layout offers n/a was n/a (SPEC §9): shown as the form showed it.
      const shown = layout ? { ...record, data: { ...fromServerData(layout, record.data) } } : record
      const outcome = calibrationOutcomeLine(calibration?.outcome)
      return {
        record,
        layout,
        lines: recordLines(shown, layout, outcome?.line),
        judgement: recordJudgement(
          layout,
          record.data,
          record.layoutVersion ?? null,
          record.parameters ?? [],
          calibration,
        ),
        tables: recordTables(layout, record.data),
      }
    },
    [id, readsHistory],
  )
  return { id, ...res }
}
