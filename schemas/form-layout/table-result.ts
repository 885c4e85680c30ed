import { NA_TEXT, type GroupResult } from './constants'

/**
 * A table's own result (issue #14, docs/decisions.md "Measurement tables"): Pass only if every test cell
 * of every row passes. A judged table value is self-describing — each test cell is `{value, passOrFail}`,
 * an unset one `{value: null, passOrFail: '-'}` — so the result is read from the rows alone and a group
 * holding the table needs no layout lookup to count it (judge.ts `isPassing`).
 */

const passes = (result: unknown) => result === 'Pass' || result === NA_TEXT

/** Pass when every test cell (an object with `passOrFail`) passes; a table without rows passes. */
export function tableResult(rows: readonly unknown[]): GroupResult {
  for (const row of rows) {
    if (typeof row !== 'object' || row === null) continue
    for (const cell of Object.values(row))
      if (typeof cell === 'object' && cell !== null && 'passOrFail' in cell && !passes(cell.passOrFail))
        return 'Fail'
  }
  return 'Pass'
}
