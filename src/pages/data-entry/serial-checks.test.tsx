import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { SerialChecks } from './serial-checks'

const labelOf = (variable: string) => (variable === 'serial' ? 'Transformer serial number' : 'HV bushing')

describe('SerialChecks (walk 14: the badge beside the serial lookup)', () => {
  it('says what it checked, the serial range, not that the serial is known', () => {
    // A new serial in the supplier's range: the lookup says 'Could not find serial number.' beside it.
    render(<SerialChecks checks={{ serial: true, bushing: false, other: null }} labelOf={labelOf} />)
    const list = screen.getByRole('list', { name: 'Serial checks' })
    expect(list).toHaveTextContent('Transformer serial number: serial in a known serial range')
    expect(list).toHaveTextContent('HV bushing: serial not in a known serial range')
    expect(list).not.toHaveTextContent(/verified/i)
    expect(screen.getAllByRole('listitem')).toHaveLength(2)
    // A long label and text wrap inside a narrow screen rather than run off it (400 px walk).
    for (const badge of list.querySelectorAll('.badge')) expect(badge).toHaveClass('text-wrap')
  })

  it('shows nothing while no serial is entered', () => {
    const { container } = render(<SerialChecks checks={{ serial: null }} labelOf={labelOf} />)
    expect(container).toBeEmptyDOMElement()
  })
})
