import { ApiError, describeError } from '../../api/client'
import type { DeviceOwner } from '../../../schemas/entities/device-owner'
import { calibrationContactsCheck } from '../../../schemas/rules/owner-lists'
import { OWNER_ERRORS, ownersApi } from './owners-api'
import { rangesBody, type OwnerForm } from './owner-form'

/** A failed step's text: the server's answer to bad input, else the step's SPEC §8 text. */
const failure = (e: unknown, fallback: string) =>
  e instanceof ApiError && e.status !== undefined && e.status < 500 ? describeError(e) : fallback

/** What a save has stored so far, named for the banner when a later step fails. */
export interface OwnerSaveProgress {
  ownerId: number | null
  /** The parts stored by this save, in order ('the owner', 'its serial ranges', …). */
  stored?: string[]
}

/**
 * The banner of a failed save: the step's text first (SPEC §8, word for word), then what this save had
 * already stored, so nobody believes a refused save changed nothing (owner walk F7).
 */
export function ownerSaveFailure(reason: string, stored: readonly string[] = []): string {
  if (stored.length === 0) return reason
  const parts = stored.length === 1 ? stored[0] : `${stored.slice(0, -1).join(', ')} and ${stored.at(-1)}`
  return `${reason} Already saved: ${parts}; the rest is not. Correct this and Save again to finish.`
}

async function step(saved: OwnerSaveProgress, part: string, run: () => Promise<unknown>, fallback: string) {
  try {
    await run()
  } catch (e) {
    throw new Error(ownerSaveFailure(failure(e, fallback), saved.stored))
  }
  ;(saved.stored ??= []).push(part)
}

/**
 * Saves a checked owner form in the SPEC §5 order: the owner, its ranges, locations, then contacts. Each
 * failed step throws its SPEC §8 text, followed by what the save had stored before it. `saved.ownerId`
 * holds the owner's id as soon as it exists, so a caller knows a new owner was created even when a later
 * step failed.
 */
export async function saveOwner(
  next: OwnerForm,
  owner: DeviceOwner | null,
  saved: OwnerSaveProgress,
): Promise<void> {
  saved.stored = []
  const body = { name: next.name, parentId: next.parentId }
  if (saved.ownerId == null) {
    saved.ownerId = await ownersApi.create(body).catch((e: unknown) => {
      throw new Error(failure(e, OWNER_ERRORS.update))
    })
    saved.stored.push(`the new owner "${next.name.trim()}"`)
  } else if (next.name !== owner?.name || next.parentId !== (owner?.parent?.id ?? null)) {
    // PATCH only for a change: an unchanged owner (e.g. one not created in ITR) is not rewritten.
    const id = saved.ownerId
    await step(saved, 'the owner details', () => ownersApi.update(id, body), OWNER_ERRORS.update)
  }
  const at = saved.ownerId
  await step(saved, 'the serial ranges', () => ownersApi.setRanges(at, rangesBody(next)), OWNER_ERRORS.ranges)
  await step(
    saved,
    'the locations',
    async () => {
      for (const gone of next.deletedLocations) await ownersApi.deleteLocation(at, gone.id)
      for (const l of next.locations) {
        if (l.id <= 0) await ownersApi.addLocation(at, l.name.trim())
        else if (l.name.trim() !== l.storedName) await ownersApi.renameLocation(at, l.id, l.name.trim())
      }
    },
    OWNER_ERRORS.locations,
  )
  const kept = calibrationContactsCheck(next.contacts.map((c) => c.email)).contacts ?? []
  await step(saved, 'the contacts', () => ownersApi.setContacts(at, kept), OWNER_ERRORS.contacts)
}
