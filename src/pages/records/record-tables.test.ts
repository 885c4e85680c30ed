import { describe, expect, it } from 'vitest'
import { judgeRecord } from '../../../schemas/form-layout'
import { RATIO_TABLE_CONTROLS, measuredRows } from '../../../schemas/form-layout/table-fixture'
import { recordLines } from './record-lines'
import { recordTables } from './record-tables'
import type { RecordDetail } from '../../../schemas/records'

const layout = { version: 2 as const, title: 'Ratio', controls: RATIO_TABLE_CONTROLS }

describe('record view of a measurement table (issue #14)', () => {
  it('shows the table as rows of labelled cells with results, not as a key/value line', () => {
    const data = judgeRecord(layout, { nameplate: '10', ratios: measuredRows([10.04, 10.2]) }).data
    const [table] = recordTables(layout, data)
    expect(table).toMatchObject({
      label: 'Ratio per tap and phase',
      rowHeader: 'Tap / phase',
      result: 'Fail',
    })
    expect(table.columns.map((c) => c.label)).toEqual([
      'Measured ratio',
      'Deviation (%)',
      'Within ±0.5 %',
      'Winding',
      'Remark',
    ])
    expect(table.rows[1]).toEqual({
      label: 'Tap 1 B',
      cells: [
        { text: '10.2', result: 'Pass' },
        { text: '2.000 %' },
        { text: '2', result: 'Fail' },
        { text: '—' },
        { text: '—' },
      ],
    })
    const lines = recordLines({ recordId: 1, data } as unknown as RecordDetail, layout)
    expect(lines.map((l) => l.key)).not.toContain('data.ratios')
  })
})
