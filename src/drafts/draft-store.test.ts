import { describe, expect, it } from 'vitest'
import { countDrafts, draftKey, readDraft, removeDraft, writeDraft, type DraftScope } from './draft-store'

const form: DraftScope = {
  user: '7',
  recordTypeId: 3,
  productTypeId: 12,
  supplierId: 4,
  ownerId: null,
  recordId: null,
}

describe('drafts of /DataEntry (issue #18.1)', () => {
  it('keys a draft by user, record type, product type, supplier or owner and record', () => {
    expect(draftKey(form)).toBe('draft:7:3:12:4:-:-')
    expect(draftKey({ ...form, supplierId: null, ownerId: 9, recordId: 55 })).toBe('draft:7:3:12:-:9:55')
    // A user name that holds the separator cannot reach another user's keys.
    expect(draftKey({ ...form, user: '7:3' })).toBe('draft:7%3A3:3:12:4:-:-')
  })

  it("keeps each user's drafts apart, one per form, and removes one when asked", async () => {
    await writeDraft(form, { serial: 'NWT:4001' }, 1000)
    await writeDraft({ ...form, productTypeId: 13 }, { serial: 'NWT:4002' }, 2000)
    await writeDraft({ ...form, user: '8' }, { serial: 'other user' }, 3000)

    expect(await readDraft(form)).toEqual({ values: { serial: 'NWT:4001' }, savedAt: 1000 })
    expect(await readDraft({ ...form, recordId: 1 })).toBeUndefined()
    expect(await countDrafts('7')).toBe(2)
    expect(await countDrafts('8')).toBe(1)
    expect(await countDrafts('70')).toBe(0)

    await writeDraft(form, { serial: 'NWT:4009' }, 4000)
    expect(await readDraft(form)).toEqual({ values: { serial: 'NWT:4009' }, savedAt: 4000 })
    await removeDraft(form)
    expect(await readDraft(form)).toBeUndefined()
    expect(await countDrafts('7')).toBe(1)
    expect((await readDraft({ ...form, user: '8' }))?.values).toEqual({ serial: 'other user' })
  })
})
