import type { Budget, Figure } from '../types'

/** One benchmark's outcome on one database: its figures, or why it could not run. */
export type Outcome = { figures: Figure[] } | { error: string }

const number = (value: number) =>
  value >= 100 ? value.toFixed(0) : value >= 10 ? value.toFixed(1) : value.toFixed(2)

/** Whether a figure meets its budget; undefined when it has none. */
export function withinBudget(figure: Figure): boolean | undefined {
  const budget: Budget | undefined = figure.budget
  if (!budget) return undefined
  const ratio = figure.reference ? figure.value / figure.reference.value : undefined
  if (budget.max !== undefined && figure.value > budget.max) return false
  if (budget.min !== undefined && figure.value < budget.min) return false
  if (budget.maxRatio !== undefined && ratio !== undefined && ratio > budget.maxRatio) return false
  if (budget.minRatio !== undefined && ratio !== undefined && ratio < budget.minRatio) return false
  return true
}

function budgetText(budget: Budget, unit: string): string {
  const parts = []
  if (budget.max !== undefined) parts.push(`≤ ${budget.max} ${unit}`)
  if (budget.maxRatio !== undefined) parts.push(`≤ ${budget.maxRatio}×`)
  if (budget.minRatio !== undefined) parts.push(`≥ ${budget.minRatio}×`)
  if (budget.min !== undefined) parts.push(`≥ ${budget.min} ${unit}`)
  return parts.join(', ')
}

/** "4.21 ms  (raw SQL 1.10 ms, 3.83×)  ok ≤ 1.5×" */
export function formatFigure(figure: Figure): string {
  let text = `${number(figure.value)} ${figure.unit}`
  if (figure.reference) {
    const ratio = figure.value / figure.reference.value
    text += `  (${figure.reference.label} ${number(figure.reference.value)} ${figure.unit}, ${ratio.toFixed(2)}×)`
  }
  const ok = withinBudget(figure)
  if (ok !== undefined) text += `  ${ok ? 'ok' : 'OVER'} ${budgetText(figure.budget!, figure.unit)}`
  if (figure.where) text += `  [${figure.where}]`
  return text
}

/** The figures of one benchmark, one row per figure and one column per database. */
export function formatBenchmark(
  heading: string,
  columns: string[],
  outcomes: Record<string, Outcome | undefined>,
): string {
  const labels: string[] = []
  for (const column of columns) {
    const outcome = outcomes[column]
    if (outcome && 'figures' in outcome)
      for (const f of outcome.figures) if (!labels.includes(f.label)) labels.push(f.label)
  }
  const cell = (column: string, label: string) => {
    const outcome = outcomes[column]
    if (!outcome) return 'not measured'
    if ('error' in outcome)
      return label === labels[0] || labels.length === 0 ? `FAILED: ${outcome.error}` : ''
    const figure = outcome.figures.find((f) => f.label === label)
    return figure ? formatFigure(figure) : '-'
  }
  const rows = (labels.length ? labels : ['']).map((label) => [label, ...columns.map((c) => cell(c, label))])
  const table = [['', ...columns], ...rows]
  const widths = table[0].map((_, i) => Math.max(...table.map((r) => r[i].length)))
  const lines = table.map((r) => `  ${r.map((c, i) => c.padEnd(widths[i])).join('   ')}`.trimEnd())
  return [heading, ...lines].join('\n')
}
