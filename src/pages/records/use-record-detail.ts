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
import { calibrationOutcomeLine } from './calibration-outcome'

/**
 * Controller of /Records/{id}: the record and the layout revision it was captured with, whose labels
 * name its values. A layout that cannot be read only costs the labels, never the record.
 */
export function useRecordDetail() {
  const { id = '' } = useParams()
  const valid = /^\d{1,9}$/.test(id) && Number(id) > 0
  const res = useResource(
    async (signal) => {
      if (!valid) throw new ApiError(RECORD_MESSAGES.recordNotFound(id), 404)
      const record = await recordsApi.record(Number(id), signal)
      let layout: FormLayout | null = null
      if (record.layoutVersion != null) {
        const revision = await recordsApi
          .layoutRevision(record.recordTypeId, record.layoutVersion, signal)
          .catch(() => null)
        const loaded = revision ? loadLayout(revision.layout) : null
        layout = loaded?.ok ? loaded.layout : null
      }
      // A calibration's outcome is its row of the device's calibration history (as on its certificate),
      // which GET Record/{id} answers with the record: every role that reads the record sees it.
      const calibration =
        record.category === 'calibration' ? { outcome: record.calibrationOutcome ?? null } : undefined
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
    [id],
  )
  return { id, ...res }
}
