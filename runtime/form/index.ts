/** The data-entry form runtime: RecordForm over @rjsf/core, its services contract and the Save check. */
export { RecordForm, type RecordFormHandle, type RecordFormProps } from './record-form'
export { validateRecord, compiledFor } from './compiled-layout'
export { FormStore, type LiveResult } from './form-store'
export type { RuntimeServices, RuntimeContextIds, RuntimeHost, UploadOptions } from './services'
export type { RecordData } from './types'
export { RuntimeContext, useRuntime, useVariable, type RuntimeContextValue } from './runtime-context'
export type { CalibrationRuntime } from './calibration-runtime'
export { frequencyHint, frequencyProblems } from './calibration-frequency'
