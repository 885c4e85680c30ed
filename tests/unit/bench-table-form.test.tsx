import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { tablesOf, validateLayout, walkControls } from '../../schemas/form-layout'
import { renderRecordForm } from '../../runtime/form/test-support'
import { tableFormLayout } from '../../bench/runtime-demo/table-layout'
import { PlainTableForm } from '../../bench/runtime-demo/plain-table-form'

/**
 * The table variant of the form benchmark (bench/form-table.ts) compares the RecordForm with a plain React
 * form written by hand: this checks that the two are the same form — the same cells, results and
 * conditions — so the benchmark compares like with like.
 */

const layout = tableFormLayout()

/** The controls the conditions show and hide, by their captions, and the notes by their text. */
const CONDITIONAL = [
  'Tap step voltage',
  'Tap changer operation',
  'Retest booked',
  'HV winding remark',
  'LV winding remark',
  'Why the ambient is outside limits',
]
const NOTES = ['Readings at every tap position.', 'Readings corrected to 20 °C.']
const RESULTS = [
  'Voltage, Tap 1 A result',
  'Resistance, Tap 1 A result',
  'Visual, Tap 1 A result',
  'Seal intact, Tap 5 N result',
  'Readings result',
  'Measurements result',
  'Follow-up result',
]

// Looked up directly rather than with label queries, which are slow over 120 cells in jsdom.
/** The captions on the page: label texts and aria-labels. */
const captions = () =>
  new Set(
    [...document.querySelectorAll('label, [aria-label]')].map(
      (el) => el.getAttribute('aria-label') ?? el.textContent?.trim(),
    ),
  )

/** The input a caption names: by aria-label, else the one its label points at. */
function field(caption: string): HTMLElement {
  const named = document.querySelector<HTMLElement>(`[aria-label="${caption}"]`)
  const label = [...document.querySelectorAll('label')].find((l) => l.textContent?.trim() === caption)
  const found = named ?? (label?.htmlFor ? document.getElementById(label.htmlFor) : null)
  if (!found) throw new Error(`no field ${caption}`)
  return found
}

/** What the form shows now: which conditional controls and notes, and the results (without ✓ / ✗). */
function shown() {
  const now = captions()
  return {
    controls: CONDITIONAL.filter((caption) => now.has(caption)),
    notes: NOTES.filter((text) =>
      [...document.querySelectorAll('.alert')].some((el) => el.textContent === text),
    ),
    results: RESULTS.map((caption) => field(caption).textContent?.replace(/[✓✗]/g, '').trim()),
  }
}

/** The same edits on whichever form is rendered, with what it shows after each. */
async function edit() {
  const user = userEvent.setup()
  const seen = [shown()]
  await user.type(field('Test reference'), 'AB')
  seen.push(shown())
  await user.selectOptions(field('Winding'), 'Both')
  seen.push(shown())
  await user.type(field('Ambient temperature'), '5')
  seen.push(shown())
  await user.type(field('Ambient temperature'), '0')
  await user.click(field('On-load tap changer fitted'))
  seen.push(shown())
  await user.type(field('Voltage, Tap 1 A'), '230')
  await user.type(field('Resistance, Tap 1 A'), '99')
  await user.selectOptions(field('Visual, Tap 1 A'), 'Pass')
  await user.selectOptions(field('Seal intact, Tap 5 N'), 'No')
  seen.push(shown())
  await user.type(field('Tap step voltage'), '3')
  seen.push(shown())
  await user.selectOptions(field('Winding'), 'LV')
  seen.push(shown())
  return seen
}

describe('form benchmark, table variant (issue #14)', () => {
  it('is a valid layout: a 20-row × 6-column table of tests and 10 conditions', () => {
    expect(validateLayout(layout).ok).toBe(true)
    const [table] = tablesOf(layout)
    expect(table.rowLabels).toHaveLength(20)
    expect(table.columns.filter((c) => c.type === 'testField')).toHaveLength(6)
    const conditions = [...walkControls(layout.controls)].flatMap(({ control }) =>
      ['visibleIf', 'requiredIf'].filter((key) => key in control),
    )
    expect(conditions).toHaveLength(10)
  })

  it('the plain reference shows the same cells, results and conditional controls as the RecordForm', async () => {
    render(<PlainTableForm />)
    expect(screen.getAllByRole('row')).toHaveLength(21)
    const plain = await edit()
    cleanup()

    renderRecordForm(layout.controls)
    expect(screen.getAllByRole('row')).toHaveLength(21)
    const record = await edit()
    expect(plain).toEqual(record)
    // The edits did show and hide controls and change results.
    expect(record[0].controls).toEqual([])
    expect(record[3].controls).toContain('Why the ambient is outside limits')
    expect(record[5].results.slice(0, 4)).toEqual(['Pass', 'Fail', 'Pass', 'Fail'])
  }, 30_000)
})
