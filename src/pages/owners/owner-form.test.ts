import { describe, expect, it } from 'vitest'
import { MESSAGES } from '../../../schemas/messages'
import { emptyOwnerForm, ownerFormError, ownerFormProblem, type OwnerForm } from './owner-form'

const owners = [
  { id: 1, name: 'Eastern Power Networks', createdInItr: true },
  { id: 2, name: 'Western Grid Services', createdInItr: false },
]
const form = (patch: Partial<OwnerForm>): OwnerForm => ({ ...emptyOwnerForm(), name: 'New Owner', ...patch })
const range = (prefix: string, min: number | null, max: number | null) => ({ key: prefix, prefix, min, max })

describe('ownerFormError (SPEC §5 device owner)', () => {
  it('rejects a name another owner has, ignoring case, but not the owner itself', () => {
    expect(ownerFormError(form({ name: 'eastern POWER networks' }), owners, null)).toBe(
      MESSAGES.owner.nameTaken,
    )
    expect(ownerFormError(form({ name: 'Eastern Power Networks' }), owners, 1)).toBeUndefined()
  })

  it('drops empty ranges and checks prefix, separator and max ≥ min', () => {
    expect(ownerFormError(form({ ranges: [range('', null, null)] }), owners, null)).toBeUndefined()
    expect(ownerFormError(form({ ranges: [range('', 1, 2)] }), owners, null)).toBe(
      MESSAGES.owner.prefixRequired,
    )
    expect(ownerFormError(form({ ranges: [range('TE', 1, 2)] }), owners, null)).toBe(
      MESSAGES.owner.prefixSeparator(':'),
    )
    expect(ownerFormError(form({ ranges: [range('TE:', 5, 2)] }), owners, null)).toBe(
      MESSAGES.owner.maxBelowMin,
    )
    expect(ownerFormError(form({ ranges: [range('TE:', 5, 5)] }), owners, null)).toBeUndefined()
  })

  it('rejects blank and duplicate locations and invalid or duplicate contacts', () => {
    const loc = (name: string, id: number) => ({ key: `${id}`, id, name, storedName: null })
    expect(ownerFormError(form({ locations: [loc(' ', 0)] }), owners, null)).toBe(
      MESSAGES.owner.locationNameRequired,
    )
    expect(ownerFormError(form({ locations: [loc('Depot', 0), loc('depot', -1)] }), owners, null)).toBe(
      `${MESSAGES.owner.duplicateLocations} Depot`,
    )
    const contact = (email: string) => ({ key: email, email })
    expect(ownerFormError(form({ contacts: [contact('nope')] }), owners, null)).toBe(
      `${MESSAGES.owner.invalidContacts} nope`,
    )
    expect(ownerFormError(form({ contacts: [contact('a@b.org'), contact('A@b.org')] }), owners, null)).toBe(
      `${MESSAGES.owner.duplicateContacts} a@b.org`,
    )
  })

  it('names the tab and the serial range fields at fault', () => {
    const ranges = [range('TE:', 1, 2), range('TF:', 9, 2147483648)]
    expect(ownerFormProblem(form({ ranges }), owners, null)).toEqual({
      message: MESSAGES.serialRange.outOfBounds,
      tab: 'test-equipment',
      range: { key: 'TF:', fields: ['max'] },
    })
    const contact = { key: 'c', email: 'nope' }
    expect(ownerFormProblem(form({ contacts: [contact] }), owners, null)?.tab).toBe('calibration-reminders')
    const loc = { key: 'l', id: 0, name: ' ', storedName: null }
    expect(ownerFormProblem(form({ locations: [loc] }), owners, null)?.tab).toBe('locations')
  })
})
