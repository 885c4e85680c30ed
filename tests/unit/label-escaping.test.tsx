import { screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import type { Control } from '../../schemas/form-layout'
import { renderRecordForm } from '../../runtime/form/test-support'

const XSS = '<img src=x onerror=alert(1)>'
const SCRIPT = '<script>alert(2)</script>'

/**
 * User-authored layout texts (labels, notes, options, values) are shown as text, never parsed as HTML
 * (issue 8; the runtime and designer use no dangerouslySetInnerHTML).
 */
describe('layout labels and notes render as text', () => {
  it('shows markup in labels, notes, options and values literally and creates no element from it', () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined)
    const controls: Control[] = [
      { type: 'note', label: `Note ${XSS}` },
      {
        type: 'group',
        variable: 'g',
        label: `Group ${SCRIPT}`,
        children: [{ type: 'singletext', variable: 'remarks', label: `Remarks ${XSS}` }],
      },
      { type: 'dropdown', variable: 'choice', label: 'Choice', values: [XSS, 'plain'] },
      { type: 'checkbox', variable: 'tick', label: `Tick ${XSS}` },
    ]
    const { container } = renderRecordForm(controls, { value: { remarks: XSS } })

    expect(container.querySelector('img')).toBeNull()
    expect(container.querySelector('script')).toBeNull()
    expect(container.querySelector('[onerror]')).toBeNull()
    expect(screen.getByText(`Note ${XSS}`)).toBeInTheDocument()
    expect(screen.getByText(`Group ${SCRIPT}`, { exact: false })).toBeInTheDocument()
    expect(screen.getByLabelText(`Remarks ${XSS}`)).toHaveValue(XSS)
    expect(screen.getByRole('option', { name: XSS })).toBeInTheDocument()
    expect(screen.getByLabelText(`Tick ${XSS}`)).toBeInTheDocument()
    expect(alert).not.toHaveBeenCalled()
    alert.mockRestore()
  })
})
