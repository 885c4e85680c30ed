import {
  PARAMETER_KEY_PATTERN,
  PARAMETER_MESSAGES,
  duplicateParameterKey,
  type TestParameter,
} from '../../../schemas/entities/test-parameter'

/** A row of the 'Test parameters' grid; `rowId` keeps React keys and focus stable while keys are edited. */
export interface ParameterRow {
  rowId: string
  key: string
  value: string
  unit: string
}

let counter = 0
const rowId = () => `parameter-${++counter}`

/** Grid rows of a product type's own stored parameters. */
export const parameterRowsOf = (own: readonly TestParameter[]): ParameterRow[] =>
  own.map((p) => ({ rowId: rowId(), key: p.key, value: p.value, unit: p.unit ?? '' }))

/** A new row (empty, or overriding an inherited key with its value to start from). */
export const newParameterRow = (from?: Partial<ParameterRow>): ParameterRow => ({
  rowId: rowId(),
  key: from?.key ?? '',
  value: from?.value ?? '',
  unit: from?.unit ?? '',
})

/** The body of the PUT: trimmed, a blank unit as null. */
export const parametersBody = (rows: readonly ParameterRow[]): TestParameter[] =>
  rows.map((r) => ({ key: r.key.trim(), value: r.value.trim(), unit: r.unit.trim() || null }))

const KEY = new RegExp(PARAMETER_KEY_PATTERN)

/** The grid's first mistake, in the server's words, so nothing is sent that it would refuse. */
export function parameterRowsError(rows: readonly ParameterRow[]): string | undefined {
  const body = parametersBody(rows)
  for (const p of body) {
    if (!KEY.test(p.key)) return PARAMETER_MESSAGES.keyInvalid
    if (p.value === '') return PARAMETER_MESSAGES.valueRequired(p.key)
  }
  const duplicate = duplicateParameterKey(body)
  return duplicate === undefined ? undefined : PARAMETER_MESSAGES.duplicateKey(duplicate)
}

/** True when the rows say something other than what is stored. */
export const parametersChanged = (rows: readonly ParameterRow[], own: readonly TestParameter[]) =>
  JSON.stringify(parametersBody(rows)) !==
  JSON.stringify(own.map((p) => ({ key: p.key, value: p.value, unit: p.unit ?? null })))
