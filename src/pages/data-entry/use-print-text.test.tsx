import { render } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { usePrintText } from './use-print-text'

// Audit walk-cert F5: the read-only form prints long text whole, through a print-only copy after each
// textarea (styles.css hides the textarea and draws the copy's text in print).

function Form({ active, notes, more }: { active: boolean; notes: string; more?: boolean }) {
  const ref = usePrintText(active)
  return (
    <div ref={ref}>
      <div className="itr-field">
        <label htmlFor="notes">Notes</label>
        <textarea id="notes" rows={3} readOnly value={notes} />
      </div>
      {more && <textarea aria-label="More" readOnly value="Second" />}
    </div>
  )
}

const copies = (container: HTMLElement) =>
  [...container.querySelectorAll('.print-text')].map((c) => c.getAttribute('data-text'))

describe('usePrintText', () => {
  const long = Array.from({ length: 60 }, (_, i) => `Paragraph ${i + 1}.`).join('\n') + '\nLAST LINE.'

  it('puts a copy of the whole text right after each textarea, without repeating the text in the page', () => {
    const { container } = render(<Form active notes={long} />)
    const area = container.querySelector('textarea')!
    expect(area.nextElementSibling?.className).toBe('print-text')
    expect(copies(container)).toEqual([long])
    // Drawn from the attribute by CSS: not a second text node for screen readers or find-in-page.
    expect(area.nextElementSibling?.textContent).toBe('')
  })

  it('follows a changed value and a textarea that appears later', async () => {
    const { container, rerender } = render(<Form active notes="First" />)
    rerender(<Form active notes="Changed" more />)
    // The new textarea is picked up after render (effect) or by the observer, whichever comes first.
    await Promise.resolve()
    expect(copies(container)).toEqual(['Changed', 'Second'])
  })

  it('adds nothing to an editable form and removes its copies when the form becomes editable', () => {
    const { container, rerender } = render(<Form active={false} notes={long} />)
    expect(copies(container)).toEqual([])
    rerender(<Form active notes={long} />)
    expect(copies(container)).toEqual([long])
    rerender(<Form active={false} notes={long} />)
    expect(copies(container)).toEqual([])
  })
})
