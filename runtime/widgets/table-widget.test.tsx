import { act, fireEvent, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { Control, TableControl } from '../../schemas/form-layout'
import { RATIO_TABLE, RATIO_TABLE_CONTROLS } from '../../schemas/form-layout/table-fixture'
import { renderRecordForm } from '../form/test-support'
import { pasteBlock } from './table-edit'
import { initialRange, visibleRange } from './table-window'

type Row = Record<string, unknown>
const rowsOf = (data: Record<string, unknown>) => data.ratios as Row[]
const paste = (target: HTMLElement, text: string) =>
  fireEvent.paste(target, { clipboardData: { getData: () => text } })

describe('TableWidget: capture of a measurement table (issue #14)', () => {
  it('shows fixed labelled rows; judges each cell live with its calculation; the group follows', async () => {
    const user = userEvent.setup()
    const form = renderRecordForm(RATIO_TABLE_CONTROLS)
    const table = screen.getByRole('table', { name: 'Ratio per tap and phase' })
    expect(within(table).getAllByRole('row')).toHaveLength(16)
    expect(within(table).getByRole('rowheader', { name: 'Tap 5 C' })).toBeVisible()
    await user.type(screen.getByLabelText('Nameplate ratio'), '10')
    await user.type(screen.getByLabelText('Measured ratio, Tap 1 A'), '10.04')
    expect(rowsOf(form.last())[0]).toEqual({
      measured: { value: 10.04, passOrFail: 'Pass' },
      deviation: 0.4,
      deviationTest: { value: 0.4, passOrFail: 'Pass' },
    })
    expect(screen.getByLabelText('Deviation, Tap 1 A')).toHaveTextContent('0.400')
    expect(screen.getByLabelText('Within ±0.5 %, Tap 1 A result')).toHaveTextContent('Pass')
    // The other rows are not measured yet: the table and its group fail.
    expect(screen.getByRole('status', { name: 'Ratio per tap and phase result' })).toHaveTextContent('Fail')
    expect(form.last().ratioGroup).toBe('Fail')
  })

  it('Save names each empty required cell by column and row, and marks those cells', async () => {
    const user = userEvent.setup()
    const required: TableControl = {
      ...RATIO_TABLE,
      rowLabels: ['Tap 1 A', 'Tap 1 B'],
      columns: RATIO_TABLE.columns.map((c) => (c.variable === 'measured' ? { ...c, required: true } : c)),
    }
    const form = renderRecordForm([RATIO_TABLE_CONTROLS[0], required])
    await user.type(screen.getByLabelText('Measured ratio, Tap 1 A'), '10')
    let errors: Record<string, string[]> = {}
    act(() => void (errors = form.handle.current!.validate()))
    expect(errors.ratios).toEqual(['Measured ratio, Tap 1 B: Measured ratio is required.'])
    expect(await screen.findByText('Measured ratio, Tap 1 B: Measured ratio is required.')).toBeVisible()
    expect(screen.getByLabelText('Measured ratio, Tap 1 B')).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByLabelText('Measured ratio, Tap 1 A')).not.toHaveAttribute('aria-invalid')
  })

  it('a nameplate change re-derives every row (a formula reading the record)', async () => {
    const user = userEvent.setup()
    const form = renderRecordForm(RATIO_TABLE_CONTROLS)
    await user.type(screen.getByLabelText('Measured ratio, Tap 1 A'), '10.2')
    expect(rowsOf(form.last())[0].deviation).toBeNull()
    await user.type(screen.getByLabelText('Nameplate ratio'), '10')
    expect(rowsOf(form.last())[0].deviationTest).toEqual({ value: 2, passOrFail: 'Fail' })
    expect(screen.getByLabelText('Within ±0.5 %, Tap 1 A result')).toHaveTextContent('Fail')
  })

  it('Enter moves down the column, and from its foot to the top of the next', async () => {
    const user = userEvent.setup()
    renderRecordForm(RATIO_TABLE_CONTROLS)
    await user.click(screen.getByLabelText('Measured ratio, Tap 1 A'))
    await user.keyboard('10{Enter}')
    expect(screen.getByLabelText('Measured ratio, Tap 1 B')).toHaveFocus()
    await user.keyboard('{Shift>}{Enter}{/Shift}')
    expect(screen.getByLabelText('Measured ratio, Tap 1 A')).toHaveFocus()
    await user.click(screen.getByLabelText('Measured ratio, Tap 5 C'))
    await user.keyboard('{Enter}')
    expect(screen.getByLabelText('Winding, Tap 1 A')).toHaveFocus()
    await user.tab()
    expect(screen.getByLabelText('Remark, Tap 1 A')).toHaveFocus()
  })

  it('a block pasted from a spreadsheet fills cells from the focused one', async () => {
    const form = renderRecordForm(RATIO_TABLE_CONTROLS)
    fireEvent.change(screen.getByLabelText('Nameplate ratio'), { target: { value: '10' } })
    paste(screen.getByLabelText('Measured ratio, Tap 1 B'), '10.01\thv\tok\r\n10,3\tLV\r\n')
    const rows = rowsOf(form.last())
    expect(rows[1]).toMatchObject({
      measured: { value: 10.01, passOrFail: 'Pass' },
      winding: 'HV',
      remark: 'ok',
    })
    expect(rows[2]).toMatchObject({ winding: 'LV', deviationTest: { value: 3, passOrFail: 'Fail' } })
    expect(rows[0]).toMatchObject({ measured: { value: null, passOrFail: '-' } })
    expect(screen.getByLabelText('Measured ratio, Tap 1 C')).toHaveValue('10.3')
  })

  it('rows added by the technician stay between minRows and maxRows', async () => {
    const user = userEvent.setup()
    const table: TableControl = {
      type: 'table',
      variable: 'readings',
      label: 'Readings',
      minRows: 1,
      maxRows: 2,
      columns: [{ type: 'testField', variable: 'ok', label: 'OK', testType: 'yesNo' }],
    }
    const form = renderRecordForm([table as Control])
    expect(screen.getByRole('button', { name: 'Remove row 1' })).toBeDisabled()
    await user.click(screen.getByRole('button', { name: 'Add row' }))
    expect(screen.getByRole('button', { name: 'Add row' })).toBeDisabled()
    await user.selectOptions(screen.getByLabelText('OK, 2'), 'No')
    expect(form.last().readings).toEqual([
      { ok: { value: null, passOrFail: '-' } },
      { ok: { value: 'No', passOrFail: 'Fail' } },
    ])
    await user.click(screen.getByRole('button', { name: 'Remove row 1' }))
    expect(form.last().readings).toEqual([{ ok: { value: 'No', passOrFail: 'Fail' } }])
  })

  it('pasting grows a table with added rows up to maxRows and no further', () => {
    const table: TableControl = { ...RATIO_TABLE, rowLabels: undefined, minRows: 0, maxRows: 3 }
    const rows = pasteBlock(table, [], { row: 0, col: 0 }, '1\n2\n3\n4\n')
    expect(rows.map((r) => r.measured)).toEqual([1, 2, 3])
  })

  it('a long table renders only the rows in view; Enter into a row not rendered yet brings it in and focuses it', async () => {
    const user = userEvent.setup()
    const table: TableControl = {
      ...RATIO_TABLE,
      variable: 'long',
      rowLabels: undefined,
      minRows: 0,
      maxRows: 1000,
    }
    const rows = Array.from({ length: 500 }, (_, i) => ({ measured: { value: i, passOrFail: 'Pass' } }))
    renderRecordForm([table as Control], { value: { long: rows } })
    const rendered = screen.getAllByRole('row').filter((r) => r.hasAttribute('data-row'))
    expect(rendered.length).toBeLessThan(60)
    const last = Number(rendered.at(-1)?.getAttribute('data-row'))
    await user.click(screen.getByLabelText(`Measured ratio, ${last + 1}`))
    await user.keyboard('{Enter}')
    expect(screen.getByLabelText(`Measured ratio, ${last + 2}`)).toHaveFocus()
  })

  it('the window follows the scroll position with a margin of rows either side', () => {
    expect(visibleRange(50, -5000, 800, 40)).toEqual({ start: 0, end: 50 })
    expect(visibleRange(1000, 0, 800, 40)).toEqual({ start: 0, end: 24 })
    expect(visibleRange(1000, -4000, 800, 40)).toEqual({ start: 96, end: 124 })
    expect(visibleRange(1000, -50_000, 800, 40)).toEqual({ start: 996, end: 1000 })
    // Before the body is measured: the rows that could fill the window, no overscan.
    expect(initialRange(1000, 800)).toEqual({ start: 0, end: 20 })
    expect(initialRange(60, 800)).toEqual({ start: 0, end: 60 })
  })
})
