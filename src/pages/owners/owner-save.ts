import { ApiError, describeError } from '../../api/client'
import type { DeviceOwner } from '../../../schemas/entities/device-owner'
import { calibrationContactsCheck } from '../../../schemas/rules/owner-lists'
import { OWNER_ERRORS, ownersApi } from './owners-api'
import { rangesBody, type OwnerForm } from './owner-form'

/** A failed step's text: the server's answer to bad input, else the step's SPEC §8 text. */
const failure = (e: unknown, fallback: string) =>
  e instanceof ApiError && e.status !== undefined && e.status < 500 ? describeError(e) : fallback

async function step(run: () => Promise<unknown>, fallback: string) {
  try {
    await run()
  } catch (e) {
    throw new Error(failure(e, fallback))
  }
}

/**
 * Saves a checked owner form in the SPEC §5 order: the owner, its ranges, locations, then contacts. Each
 * failed step throws its SPEC §8 text. `saved.ownerId` holds the owner's id as soon as it exists, so a
 * caller knows a new owner was created even when a later step failed.
 */
export async function saveOwner(
  next: OwnerForm,
  owner: DeviceOwner | null,
  saved: { ownerId: number | null },
): Promise<void> {
  const body = { name: next.name, parentId: next.parentId }
  if (saved.ownerId == null) {
    saved.ownerId = await ownersApi.create(body).catch((e: unknown) => {
      throw new Error(failure(e, OWNER_ERRORS.update))
    })
  } else if (next.name !== owner?.name || next.parentId !== (owner?.parent?.id ?? null)) {
    // PATCH only for a change: an unchanged owner (e.g. one not created in ITR) is not rewritten.
    const id = saved.ownerId
    await step(() => ownersApi.update(id, body), OWNER_ERRORS.update)
  }
  const at = saved.ownerId
  await step(() => ownersApi.setRanges(at, rangesBody(next)), OWNER_ERRORS.ranges)
  await step(async () => {
    for (const gone of next.deletedLocations) await ownersApi.deleteLocation(at, gone.id)
    for (const l of next.locations) {
      if (l.id <= 0) await ownersApi.addLocation(at, l.name.trim())
      else if (l.name.trim() !== l.storedName) await ownersApi.renameLocation(at, l.id, l.name.trim())
    }
  }, OWNER_ERRORS.locations)
  const kept = calibrationContactsCheck(next.contacts.map((c) => c.email)).contacts ?? []
  await step(() => ownersApi.setContacts(at, kept), OWNER_ERRORS.contacts)
}
