import { describe, expect, it } from 'vitest'
import type { TableColumn } from '../../schemas/form-layout'
import { renameInFormula } from './rename'
import { updateColumn } from './table-columns'

describe('rename in formulas and table columns (issue #14)', () => {
  it('renames whole names only: not longer names, param.name or a function', () => {
    expect(renameInFormula('max(m, mm) + m*2 - param.m + m_1', 'm', 'x')).toBe(
      'max(x, mm) + x*2 - param.m + m_1',
    )
    expect(renameInFormula('max(max, 1)', 'max', 'top')).toBe('max(top, 1)')
  })

  it("a renamed column carries its new name to the other columns' formulas and valueFrom", () => {
    const columns: TableColumn[] = [
      { type: 'testField', id: 'a', variable: 'measured', label: 'Measured', testType: 'numeric' },
      {
        type: 'calculated',
        id: 'b',
        variable: 'dev',
        label: 'Dev',
        formula: '(measured - nameplate) / nameplate',
      },
      {
        type: 'testField',
        id: 'c',
        variable: 'devTest',
        label: 'Dev test',
        testType: 'numeric',
        valueFrom: 'dev',
      },
    ]
    const renamed = updateColumn(updateColumn(columns, 0, { variable: 'ratio' }), 1, {
      variable: 'deviation',
    })
    expect(renamed.map((c) => c.variable)).toEqual(['ratio', 'deviation', 'devTest'])
    expect((renamed[1] as { formula: string }).formula).toBe('(ratio - nameplate) / nameplate')
    expect((renamed[2] as { valueFrom: string }).valueFrom).toBe('deviation')
  })
})
