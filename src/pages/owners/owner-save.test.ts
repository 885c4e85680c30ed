import { beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../api/client'
import { emptyOwnerForm } from './owner-form'
import { ownerSaveFailure, saveOwner, type OwnerSaveProgress } from './owner-save'
import { ownersApi } from './owners-api'

vi.mock('./owners-api', async (original) => {
  const actual = await original<object>()
  return {
    ...actual,
    ownersApi: {
      create: vi.fn(),
      update: vi.fn(),
      setRanges: vi.fn(),
      setContacts: vi.fn(),
      addLocation: vi.fn(),
      renameLocation: vi.fn(),
      deleteLocation: vi.fn(),
    },
  }
})

const api = vi.mocked(ownersApi)
const inUse = new ApiError('Location "Depot" is in use by test equipment and cannot be deleted.', 409)

describe('saveOwner: a refused step says what the save had already stored (owner walk F7)', () => {
  beforeEach(() => {
    vi.resetAllMocks()
    api.create.mockResolvedValue(41)
    api.update.mockResolvedValue(undefined)
    api.setRanges.mockResolvedValue(undefined)
    api.setContacts.mockResolvedValue(undefined)
    api.addLocation.mockResolvedValue(1)
  })

  it('names the new owner and its ranges when its locations are refused, and keeps the id', async () => {
    api.deleteLocation.mockRejectedValue(inUse)
    const form = {
      ...emptyOwnerForm(),
      name: ' Depot Owner ',
      deletedLocations: [{ key: 'l-1', id: 7, name: 'Depot', storedName: 'Depot' }],
    }
    const saved: OwnerSaveProgress = { ownerId: null }
    await expect(saveOwner(form, null, saved)).rejects.toThrow(
      'Location "Depot" is in use by test equipment and cannot be deleted. Already saved: the new owner ' +
        '"Depot Owner" and the serial ranges; the rest is not. Correct this and Save again to finish.',
    )
    expect(saved.ownerId).toBe(41)
    expect(api.setContacts).not.toHaveBeenCalled()
  })

  it("says the step's SPEC text alone when nothing was stored before it", async () => {
    api.setRanges.mockRejectedValue(new ApiError('Server error', 500))
    const owner = { id: 5, name: 'Same', parent: null, createdInItr: true } as never
    const form = { ...emptyOwnerForm(), name: 'Same' }
    await expect(saveOwner(form, owner, { ownerId: 5 })).rejects.toThrow(
      /^Unable to save test equipment serial ranges at this time$/,
    )
    expect(api.update).not.toHaveBeenCalled()
  })

  it('lists three stored parts with commas and "and"', () => {
    expect(ownerSaveFailure('Refused.', ['the owner details', 'the serial ranges', 'the locations'])).toBe(
      'Refused. Already saved: the owner details, the serial ranges and the locations; the rest is not. ' +
        'Correct this and Save again to finish.',
    )
  })
})
