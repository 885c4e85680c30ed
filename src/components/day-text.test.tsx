import { useState } from 'react'
import { fireEvent, render, screen } from '@testing-library/react'
import InputGroup from 'react-bootstrap/InputGroup'
import { describe, expect, it, vi } from 'vitest'
import { DATE_FORMAT_HINT } from '../../runtime/widgets/date-widget'
import { DAY_TEXT_HINT, DayText } from './day-text'
import { DayTexts, useDayTextScope } from './day-text-scope'

/** A filter as the pages hold one: the day DayText hands on, and every value it was handed. */
function Filter({ seen, grouped = false }: { seen: (iso: string) => void; grouped?: boolean }) {
  const [iso, setIso] = useState('')
  const box = (
    <DayText
      iso={iso}
      onChange={(day) => {
        seen(day)
        setIso(day)
      }}
      label="From"
    />
  )
  return (
    <>
      {grouped ? (
        <InputGroup>
          <InputGroup.Text>From</InputGroup.Text>
          {box}
        </InputGroup>
      ) : (
        box
      )}
      <output aria-label="Applied">{iso}</output>
    </>
  )
}

/** The hint under the box saying `message` (a date or the format is kept whole in a span of its own). */
const hint = (message: string = DATE_FORMAT_HINT) =>
  screen.queryByText((_, el) => el?.id !== '' && el?.textContent === message)
/** Any hint under the box. */
const anyHint = () => document.querySelector('.invalid-feedback')

const type = (text: string) => fireEvent.change(screen.getByLabelText('From'), { target: { value: text } })

describe('DayText', () => {
  it('uses the data entry form’s words for a date it cannot read', () => {
    expect(DAY_TEXT_HINT).toBe(DATE_FORMAT_HINT)
  })

  it('hands on a typed day as ISO, without a hint', () => {
    const seen = vi.fn()
    render(<Filter seen={seen} />)
    type('30-11-2026')
    expect(seen).toHaveBeenLastCalledWith('2026-11-30')
    expect(screen.getByLabelText('From')).toHaveValue('30-11-2026')
    expect(screen.getByLabelText('From')).not.toHaveClass('is-invalid')
    expect(anyHint()).toBeNull()
  })

  it('says why a day that does not exist is refused, and drops the day it replaced from the filter', () => {
    const seen = vi.fn()
    render(<Filter seen={seen} />)
    type('30-11-2026')
    type('31-02-2026')
    const box = screen.getByLabelText('From')
    // The box keeps the text to be corrected and says why: it is in the format, but no day (walk 14);
    // the grid no longer filters by 30-11-2026.
    expect(box).toHaveValue('31-02-2026')
    expect(box).toHaveClass('is-invalid')
    expect(box).toHaveAccessibleDescription('31-02-2026 is not a date.')
    expect(hint('31-02-2026 is not a date.')).toBeVisible()
    expect(hint()).toBeNull()
    expect(seen.mock.calls).toEqual([['2026-11-30'], ['']])
    expect(screen.getByLabelText('Applied')).toHaveTextContent(/^$/)

    // Corrected: the new day applies and the hint goes.
    type('28-02-2026')
    expect(seen).toHaveBeenLastCalledWith('2026-02-28')
    expect(anyHint()).toBeNull()
  })

  it('says how to write a date for text not in the format, as the data entry form does', () => {
    const seen = vi.fn()
    render(<Filter seen={seen} />)
    type('2026-02-28')
    expect(screen.getByLabelText('From')).toHaveAccessibleDescription('Enter the date as dd-MM-yyyy.')
    expect(hint()).toBeVisible()
    // The date in the message is not broken at its hyphens, nor the format.
    type('31-04-2026')
    expect(screen.getByText('31-04-2026')).toHaveClass('text-nowrap')
    type('31-04')
    expect(screen.getByText('dd-MM-yyyy.')).toHaveClass('text-nowrap')
    expect(seen).not.toHaveBeenCalled()
  })

  it('does not call out for half-typed text over an empty filter, and clears quietly', () => {
    const seen = vi.fn()
    render(<Filter seen={seen} />)
    type('3')
    expect(seen).not.toHaveBeenCalled()
    expect(hint()).toBeVisible()
    type('')
    expect(seen).not.toHaveBeenCalled()
    expect(anyHint()).toBeNull()
  })

  it('in an input group, draws the hint on a line after the box and keeps the box the group’s last child', () => {
    const seen = vi.fn()
    render(<Filter seen={seen} grouped />)
    type('30-11-2026')
    type('31-02-2026')
    const box = screen.getByLabelText('From')
    expect(box).toHaveAccessibleDescription('31-02-2026 is not a date.')
    // In the flow (not a tooltip floated over what lies below), drawn after the box (order-last).
    expect(anyHint()).toHaveClass('invalid-feedback', 'd-block', 'order-last')
    expect(anyHint()).not.toHaveClass('invalid-tooltip')
    expect(box.parentElement?.lastElementChild).toBe(box)
    expect(seen).toHaveBeenLastCalledWith('')
  })

  it('in a DayTexts scope, tells it of text that is not a day, and empties that text when it is cleared', () => {
    const reset = vi.fn()
    function Page() {
      const days = useDayTextScope(reset)
      return (
        <DayTexts scope={days.scope}>
          <Filter seen={() => undefined} />
          <button type="button" disabled={!days.unreadable} onClick={days.clear}>
            Clear Filters
          </button>
        </DayTexts>
      )
    }
    render(<Page />)
    const clear = screen.getByRole('button', { name: 'Clear Filters' })
    expect(clear).toBeDisabled()
    type('31-02-2026')
    expect(clear).toBeEnabled()
    fireEvent.click(clear)
    expect(reset).toHaveBeenCalledTimes(1)
    expect(screen.getByLabelText('From')).toHaveValue('')
    expect(anyHint()).toBeNull()
    expect(clear).toBeDisabled()
    // Typed again after the clear, the text stays to be corrected as before.
    type('31-02-2026')
    expect(screen.getByLabelText('From')).toHaveValue('31-02-2026')
    expect(clear).toBeEnabled()
  })
})
