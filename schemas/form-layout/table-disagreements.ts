import type { TestFieldControl } from './control-schemas'
import type { FormLayout } from './layout-schema'
import { isEmptyValue, isRecordObject, type JudgedData, type Judgement } from './judge'
import { testReason, type Disagreement } from './judge-disagreements'
import { cellName, readTestCell, tablesOf } from './table-judge'
import type { TableColumn, TableControl, TableRow } from './table-schema'

/**
 * The server's refusals for table cells (issue #14), as for top-level fields: a test cell whose claimed
 * result is not the judged one, a calculated cell that is not what its formula gives, a `valueFrom` cell
 * whose value is not its calculation's. Each names the cell as `variable[row].column`.
 */

const shown = (v: unknown) => (typeof v === 'number' ? String(v).replace(/^-/, '\u2212') : JSON.stringify(v))

/** The rows of a table as submitted and as judged, for each shown table sent as a list. */
function* tableRows(layout: Pick<FormLayout, 'controls'>, input: JudgedData, judgement: Judgement) {
  for (const control of tablesOf(layout)) {
    const sent = input[control.variable]
    const judged = judgement.data[control.variable]
    if (judgement.hidden.has(control.variable) || !Array.isArray(sent) || !Array.isArray(judged)) continue
    for (let i = 0; i < sent.length; i++) {
      if (isRecordObject(sent[i]) && isRecordObject(judged[i]))
        yield { control, index: i, sent: sent[i] as TableRow, judged: judged[i] as TableRow }
    }
  }
}

/** One cell's disagreement, or undefined when the cell agrees (or claims nothing). */
function cellDisagreement(column: TableColumn, sent: unknown, judged: unknown): string | undefined {
  if (isEmptyValue(sent)) return undefined
  if (column.type === 'calculated') {
    const close = typeof sent === 'number' && typeof judged === 'number' && Math.abs(sent - judged) <= 1e-9
    return close
      ? undefined
      : `its formula ${column.formula} gives ${judged === null ? 'no value' : shown(judged)}, not ${shown(sent)}`
  }
  if (column.type !== 'testField') return undefined
  const cell = judged as { value: unknown; passOrFail: string }
  const entry = readTestCell(column, sent)
  if (
    column.testType === 'numeric' &&
    column.valueFrom &&
    !isEmptyValue(entry.value) &&
    entry.value !== cell.value
  )
    return `its value comes from ${column.valueFrom} (${cell.value === null ? 'no value' : shown(cell.value)}), not ${shown(entry.value)}`
  if (isEmptyValue(entry.claimed) || String(entry.claimed).toLowerCase() === cell.passOrFail.toLowerCase())
    return undefined
  if (entry.claimed === 'n/a' && !column.naOption)
    return `n/a is not offered for this test, so its result is ${cell.passOrFail}, not n/a`
  const reason = testReason(column as TestFieldControl, entry, cell.passOrFail as never)
  return `${reason}, so its result is ${cell.passOrFail}, not ${String(entry.claimed)}`
}

/** Every table cell of a submission that disagrees with the judgement, in row then column order. */
export function tableDisagreements(
  layout: Pick<FormLayout, 'controls'>,
  input: JudgedData,
  judgement: Judgement,
): Disagreement[] {
  const out: Disagreement[] = []
  for (const { control, index, sent, judged } of tableRows(layout, input, judgement)) {
    for (const column of control.columns) {
      const why = cellDisagreement(column, sent[column.variable], judged[column.variable])
      const variable = cellName(control.variable, index, column.variable)
      if (why) out.push({ variable, message: `${variable}: ${why}` })
    }
  }
  return out
}

/**
 * A submission's tables made whole for the data schema: test cells sent as bare values or without a
 * result get their judged `{value, passOrFail}`, calculated cells left out get their value. Claimed
 * results stay as sent, so the schema checks their shape and `tableDisagreements` their verdict.
 */
export function fillTableCells(
  layout: Pick<FormLayout, 'controls'>,
  input: JudgedData,
  judgement: Judgement,
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...input }
  const filled = new Map<TableControl, unknown[]>()
  for (const { control, index, sent, judged } of tableRows(layout, input, judgement)) {
    let rows = filled.get(control)
    if (!rows) filled.set(control, (rows = [...(input[control.variable] as unknown[])]))
    const row: TableRow = { ...sent }
    for (const column of control.columns) {
      const cell = sent[column.variable]
      const claims = isRecordObject(cell) && 'passOrFail' in cell
      if ((column.type === 'testField' && !claims) || (column.type === 'calculated' && isEmptyValue(cell)))
        row[column.variable] = judged[column.variable]
    }
    rows[index] = row
  }
  for (const [control, rows] of filled) out[control.variable] = rows
  return out
}
