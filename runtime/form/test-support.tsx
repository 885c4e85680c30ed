import { createRef, useState } from 'react'
import { render } from '@testing-library/react'
import { vi } from 'vitest'
import { emptyValues } from '../compiler'
import type { Control, FormLayout } from '../../schemas/form-layout'
import { RecordForm, type RecordFormHandle } from './record-form'
import type { RuntimeServices } from './services'
import type { RecordData } from './types'

/** Services whose every call fails loudly unless a test provides it. */
export function fakeServices(overrides: Partial<RuntimeServices> = {}): RuntimeServices {
  const unexpected = (name: string) => () => Promise.reject(new Error(`unexpected call: ${name}`))
  return {
    fetchJson: vi.fn(unexpected('fetchJson')),
    uploadDocument: vi.fn(unexpected('uploadDocument')),
    downloadDocument: vi.fn(unexpected('downloadDocument')),
    lookupSerial: vi.fn(unexpected('lookupSerial')),
    recentRecords: vi.fn(unexpected('recentRecords')),
    testEquipmentBySerial: vi.fn(unexpected('testEquipmentBySerial')),
    testEquipmentById: vi.fn(unexpected('testEquipmentById')),
    context: {},
    ...overrides,
  }
}

export const layoutOf = (controls: Control[], title = 'Test form'): FormLayout => ({
  version: 2,
  title,
  controls,
})

/**
 * Renders a RecordForm the way a page does (holding the value in state) and records what the page
 * receives: every onChange value and every live result.
 */
export function renderRecordForm(
  controls: Control[],
  options: {
    services?: RuntimeServices
    value?: RecordData
    readOnly?: boolean
    locked?: boolean
  } = {},
) {
  const layout = layoutOf(controls)
  const services = options.services ?? fakeServices()
  const changes: RecordData[] = []
  const results: string[] = []
  const handle = createRef<RecordFormHandle>()
  let setValue: (v: RecordData) => void = () => undefined
  function Page() {
    const [value, set] = useState<RecordData>(options.value ?? emptyValues(layout))
    setValue = set
    return (
      <RecordForm
        ref={handle}
        layout={layout}
        value={value}
        onChange={(next) => {
          changes.push(next)
          set(next)
        }}
        onResultChange={(r) => results.push(r)}
        readOnly={options.readOnly}
        locked={options.locked}
        services={services}
      />
    )
  }
  const view = render(<Page />)
  return {
    ...view,
    layout,
    services,
    changes,
    results,
    handle,
    /** The value the page holds now. */
    last: () => changes[changes.length - 1],
    /** The page replaces the value (reset, duplicate). */
    setValue: (v: RecordData) => setValue(v),
  }
}
