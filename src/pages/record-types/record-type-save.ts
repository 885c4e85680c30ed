import { recordTypesApi } from './record-types-api'
import { saveRecordTypeWith, type RecordTypeSave } from './record-type-save-steps'

export type { RecordTypeSave } from './record-type-save-steps'

/** The editor's save (record-type-save-steps.ts `saveRecordTypeWith`) through the SPA's API client. */
export const saveRecordType = (save: RecordTypeSave): Promise<void> =>
  saveRecordTypeWith(recordTypesApi, save)
