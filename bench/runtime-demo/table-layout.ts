import type { FormLayout } from '../../schemas/form-layout'

/**
 * A measurement table of `rows` added rows × 6 numeric test columns (issue #14's benchmark variant), with
 * every cell filled in, so the first render draws the whole table.
 */
export function tableBench(rows: number): { layout: FormLayout; value: Record<string, unknown> } {
  const columns = Array.from({ length: 6 }, (_, c) => ({
    type: 'testField' as const,
    variable: `c${c + 1}`,
    label: `Phase ${c + 1}`,
    testType: 'numeric' as const,
    min: 0,
    max: 10,
  }))
  const layout: FormLayout = {
    version: 2,
    title: `Measurement table (${rows} rows)`,
    controls: [
      {
        type: 'table',
        variable: 'readings',
        label: 'Readings',
        minRows: 0,
        maxRows: 1000,
        columns,
      },
    ],
  }
  const cell = (n: number) => ({ value: n, passOrFail: 'Pass' })
  const value = {
    readings: Array.from({ length: rows }, (_, r) =>
      Object.fromEntries(columns.map((c, i) => [c.variable, cell((r + i) % 10)])),
    ),
  }
  return { layout, value }
}
