import { describe, expect, it } from 'vitest'
import { judgeRecord } from './judge'
import { tableDisagreements, fillTableCells } from './table-disagreements'
import { RATIO_TABLE, RATIO_TABLE_CONTROLS, measuredRows } from './table-fixture'
import type { Control } from './layout-schema'
import type { TableControl } from './table-schema'

const layout = { controls: RATIO_TABLE_CONTROLS }
const judge = (data: Record<string, unknown>, params = {}) => judgeRecord(layout, data, params)

describe('table judging (issue #14)', () => {
  it('judges every cell: the calculated deviation, the test that takes it, the measured test', () => {
    const rows = measuredRows([10.04])
    const j = judge({ nameplate: '10', ratios: rows })
    const first = (j.data.ratios as Record<string, unknown>[])[0]
    expect(first).toEqual({
      measured: { value: 10.04, passOrFail: 'Pass' },
      deviation: 0.4,
      deviationTest: { value: 0.4, passOrFail: 'Pass' },
    })
    expect(j.tables.ratios).toBe('Pass')
    expect(j.cells['ratios[1].deviationTest']).toBe('Pass')
    expect(j.groups.ratioGroup).toBe('Pass')
    expect(j.overall).toBe('Pass')
  })

  it('one failing cell fails the table, its group and the record', () => {
    const j = judge({ nameplate: '10', ratios: measuredRows([10, 10, 10, 10, 10.2, 10]) })
    expect(j.cells['ratios[5].deviationTest']).toBe('Fail')
    expect(j.cells['ratios[4].deviationTest']).toBe('Pass')
    expect(j.tables.ratios).toBe('Fail')
    expect(j.groups.ratioGroup).toBe('Fail')
    expect(j.overall).toBe('Fail')
  })

  it('an unmeasured cell is unset and fails the table; a missing input leaves the deviation unset, not NaN', () => {
    const rows = measuredRows([10])
    rows[2] = {} as never
    const j = judge({ nameplate: '10', ratios: rows })
    const third = (j.data.ratios as Record<string, unknown>[])[2]
    expect(third).toEqual({
      measured: { value: null, passOrFail: '-' },
      deviation: null,
      deviationTest: { value: null, passOrFail: '-' },
    })
    expect(j.tables.ratios).toBe('Fail')
    expect(judge({ ratios: measuredRows([10]) }).cells['ratios[1].deviationTest']).toBe('-')
  })

  it('a formula reads param.key; n/a passes where the column offers it', () => {
    const table: TableControl = {
      type: 'table',
      variable: 't',
      label: 'T',
      minRows: 0,
      maxRows: 5,
      columns: [
        { type: 'testField', variable: 'r', label: 'R', testType: 'numeric', max: 1, naOption: true },
        { type: 'calculated', variable: 'twice', label: 'Twice', formula: 'r * param.factor' },
      ],
    }
    const controls: Control[] = [table]
    const j = judgeRecord(
      { controls },
      { t: [{ r: 0.5 }, { r: { value: null, passOrFail: 'n/a' } }] },
      { factor: 3 },
    )
    expect(j.data.t).toEqual([
      { r: { value: 0.5, passOrFail: 'Pass' }, twice: 1.5 },
      { r: { value: null, passOrFail: 'n/a' }, twice: null },
    ])
    expect(j.tables.t).toBe('Pass')
    expect(judgeRecord({ controls }, { t: [] }).tables.t).toBe('Pass')
  })

  it('keeps an unchanged row (and the list) as the same object, so a memoised row does not re-render', () => {
    const judged = judge({ nameplate: '10', ratios: measuredRows([10]) }).data.ratios as unknown[]
    const again = judge({ nameplate: '10', ratios: judged }).data.ratios
    expect(again).toBe(judged)
  })

  it('names each disagreeing cell as variable[row].column; bare values are filled in', () => {
    const rows: Record<string, unknown>[] = measuredRows([10.2])
    rows[0] = { measured: { value: 10.2, passOrFail: 'Fail' }, deviation: 0.1 }
    rows[1] = { measured: 10.2, deviationTest: { value: 2, passOrFail: 'Pass' } }
    const input = { nameplate: '10', ratios: rows }
    const j = judge(input)
    expect(tableDisagreements(layout, input, j).map((d) => d.message)).toEqual([
      'ratios[1].measured: 10.2 is within any number, so its result is Pass, not Fail',
      'ratios[1].deviation: its formula (measured - nameplate) / nameplate * 100 gives 2, not 0.1',
      'ratios[2].deviationTest: 2 is outside −0.5..0.5, so its result is Fail, not Pass',
    ])
    const filled = fillTableCells(layout, input, j).ratios as Record<string, unknown>[]
    expect(filled[2]).toEqual({
      measured: { value: 10.2, passOrFail: 'Pass' },
      deviationTest: { value: 2, passOrFail: 'Fail' },
      deviation: 2,
    })
    expect(RATIO_TABLE.rowLabels).toHaveLength(15)
  })
})
