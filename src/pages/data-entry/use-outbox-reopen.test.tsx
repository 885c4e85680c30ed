import { renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { MemoryRouter } from 'react-router-dom'
import { describe, expect, it, vi } from 'vitest'
import type { FormLayout } from '../../../schemas/form-layout'
import type { RecordDetail } from '../../../schemas/records'
import { putEntry, type OutboxEntry } from '../../drafts/outbox-store'
import { DATA_ENTRY_TEXTS, type Loaded } from './data-entry-load'
import { useOutboxReopen } from './use-outbox-reopen'

const layout: FormLayout = {
  version: 2,
  title: 'Problem Report',
  controls: [{ type: 'singletext', variable: 'notes', label: 'Notes' }],
}
const refusal =
  'This record was changed after you opened it; it is now revision 2. Reload it and check the changes first.'
const entry = (key: string, revision?: number): OutboxEntry => ({
  key,
  user: 'internal',
  route: 'edit',
  recordId: 7,
  revision,
  body: { recordTypeId: 3, data: { notes: 'my edit' } },
  title: key,
  reopen: '/DataEntry?record=7&edit=true',
  createdAt: 1,
  state: 'refused',
  message: refusal,
})
const loaded = (revision: number) => ({ layout, record: { recordId: 7, revision } as RecordDetail }) as Loaded

/** Renders the hook as /DataEntry does after the outbox panel's Reopen link (the entry's key in the state). */
async function reopen(key: string, revision: number) {
  const setValue = vi.fn()
  const setError = vi.fn()
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[{ pathname: '/DataEntry', state: { outbox: key } }]}>
      {children}
    </MemoryRouter>
  )
  renderHook(() => useOutboxReopen(loaded(revision), setValue, setError), { wrapper })
  await waitFor(() => expect(setError).toHaveBeenCalled())
  return { setValue, setError }
}

describe('an edit reopened from the outbox (issue #18.2)', () => {
  it('says so when the record changed after the edit was made: saving would replace that change', async () => {
    await putEntry(entry('stale', 1))
    const { setValue, setError } = await reopen('stale', 2)
    expect(setValue).toHaveBeenCalledWith(expect.objectContaining({ notes: 'my edit' }))
    expect(setError).toHaveBeenLastCalledWith(DATA_ENTRY_TEXTS.reopenedStale(1, 2))
    expect(DATA_ENTRY_TEXTS.reopenedStale(1, 2)).toBe(
      'Your edit was made on revision 1 of this record; someone else has changed it since (it is now ' +
        "revision 2). The form shows your edit: check it against the record's current values before you " +
        'save, or Cancel to keep theirs.',
    )
  })

  it("shows the server's refusal when the record is still the revision the edit was made on", async () => {
    await putEntry(entry('same', 2))
    const { setError } = await reopen('same', 2)
    expect(setError).toHaveBeenLastCalledWith(refusal)
  })
})
