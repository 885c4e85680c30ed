/** Record data as the form edits it: flat, one key per layout variable (see runtime/compiler). */
export type RecordData = Record<string, unknown>
