import { describe, expect, it } from 'vitest'
import { ApiError } from '../../api/client'
import { csvTemplate, fileToBase64, isCsvName, templateFileName } from './csv-file'
import { rowErrorsOf } from './use-csv-upload'
import { RATIO_TABLE_CONTROLS } from '../../../schemas/form-layout/table-fixture'

describe('CSV template and upload helpers', () => {
  it('builds the header row from the layout variables in form order, group results included', () => {
    const layout = {
      controls: [
        { type: 'note' as const, label: 'Read me' },
        {
          type: 'row' as const,
          children: [
            { type: 'serial' as const, variable: 'serial', label: 'Serial' },
            { type: 'datepicker' as const, variable: 'testDate', label: 'Date' },
          ],
        },
        {
          type: 'group' as const,
          variable: 'result',
          label: 'Tests',
          children: [
            { type: 'testField' as const, testType: 'passFail' as const, variable: 'creep', label: 'Creep' },
          ],
        },
      ],
    }
    expect(csvTemplate(layout)).toBe('serial,testDate,result,creep\r\n')
  })

  it('offers a measurement table as variable[row].column cells the technician fills in (issue #14)', () => {
    const header = csvTemplate({ controls: RATIO_TABLE_CONTROLS }).trim().split(',')
    expect(header.slice(0, 5)).toEqual([
      'nameplate',
      'ratioGroup',
      'ratios[1].measured',
      'ratios[1].winding',
      'ratios[1].remark',
    ])
    expect(header).toHaveLength(2 + 15 * 3)
    expect(header.at(-1)).toBe('ratios[15].remark')
  })

  it('names the template after the record type', () => {
    expect(templateFileName('Smart Meter Accuracy Batch')).toBe('Smart-Meter-Accuracy-Batch-template.csv')
    expect(templateFileName('  /// ')).toBe('record-type-template.csv')
  })

  it('encodes file content as base64', async () => {
    expect(await fileToBase64(new Blob(['serial,result\r\nNWT:1,pass\r\n']))).toBe(
      btoa('serial,result\r\nNWT:1,pass\r\n'),
    )
  })

  it('accepts .csv names only', () => {
    expect(isCsvName('batch.CSV')).toBe(true)
    expect(isCsvName('batch.xlsx')).toBe(false)
  })

  it('reads every row error from a rejection, sorted by line, without a repeated "Line n:"', () => {
    const error = new ApiError(
      'The file was not uploaded: 2 of 3 rows have errors. Nothing was saved.',
      400,
      [
        { line: 4, reason: 'Line 4: "x" in "testDate" is not a valid date.' },
        { line: 2, reason: 'A value for "serial" is required.' },
      ],
    )
    expect(rowErrorsOf(error)).toEqual([
      { line: 2, reason: 'A value for "serial" is required.' },
      { line: 4, reason: '"x" in "testDate" is not a valid date.' },
    ])
    expect(rowErrorsOf(new Error('network'))).toEqual([])
  })
})
