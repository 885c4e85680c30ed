import { render } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { MappingFields, RESULT_VARIABLES_LIST_ID, VARIABLES_LIST_ID } from './mapping-fields'
import type { RecordTypeEditController } from './use-record-type-edit'

const options = (container: HTMLElement, id: string) =>
  [...container.querySelectorAll(`#${id} option`)].map((o) => o.getAttribute('value'))

/** Audit finding 5: a variable defined twice must not repeat in the lists (React would keep a stale option). */
describe('the mapping inputs', () => {
  it("offer each of the layout's variables once", () => {
    const c = {
      fields: { name: '', captureType: 'form', category: 'Test' },
      doc: { mappings: {} },
      variables: ['voltage', 'testDate', 'voltage'],
      resultVariables: ['voltage', 'voltage'],
      messagesFor: () => [],
      missingVariable: () => null,
      setMapping: () => undefined,
    } as unknown as RecordTypeEditController
    const { container, rerender } = render(<MappingFields c={c} />)
    expect(options(container, VARIABLES_LIST_ID)).toEqual(['voltage', 'testDate'])
    expect(options(container, RESULT_VARIABLES_LIST_ID)).toEqual(['voltage'])
    rerender(<MappingFields c={{ ...c, variables: ['voltage2', 'testDate', 'voltage'] }} />)
    expect(options(container, VARIABLES_LIST_ID)).toEqual(['voltage2', 'testDate', 'voltage'])
  })
})
