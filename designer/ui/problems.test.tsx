import { act, render, screen, within } from '@testing-library/react'
import { beforeAll, describe, expect, it } from 'vitest'
import { createDocument } from '../model'
import { DesignerStore } from './designer-store'
import { FormDesigner } from './designer'
import { loadInspectorForm } from './inspector'

// The inspector's form loads on first selection; loaded up front, it renders at once here.
beforeAll(() => loadInspectorForm())

/** Issue #11.22: layout problems live, named by the control, on its card, in the inspector and the list. */
describe('layout problems in the designer', () => {
  it('names a problem by label and variable in the list, on the card and in the inspector, as it happens', () => {
    const store = new DesignerStore(
      createDocument({
        version: 2,
        title: 'T',
        controls: [
          {
            type: 'testField',
            testType: 'numeric',
            variable: 'ratioError',
            label: 'Voltage ratio error',
            min: 0,
            max: 1,
          },
        ],
      }),
    )
    render(<FormDesigner store={store} previewServices={{} as never} />)
    expect(screen.queryByTestId('layout-issues')).toBeNull()
    act(() => {
      store.select([0])
      store.apply((d) => ({
        ...d,
        layout: { ...d.layout, controls: [{ ...d.layout.controls[0], min: 2 } as never] },
      }))
    })
    const text = '"Voltage ratio error" (ratioError): Min must not be greater than max'
    expect(within(screen.getByTestId('layout-issues')).getByText(text)).toBeVisible()
    expect(within(screen.getByTestId('control-0')).getByText(text)).toBeVisible()
    expect(screen.getAllByText(text)).toHaveLength(3)
  })
})
