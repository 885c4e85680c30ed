import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import { TABLE_NAMES, type Attribute } from '../../schemas/entities/attribute'
import { SERIAL_PREFIX_SEPARATOR, type DeviceOwner } from '../../schemas/entities/device-owner'
import { MESSAGES } from '../../schemas/messages'
import { calibrationContactsCheck } from '../../schemas/rules/owner-lists'
import { ownerSerialRangesCheck } from '../../schemas/rules/serial-ranges'
import { badRequest, conflict, notFound } from '../http-error'
import type { Db } from '../db/client'
import type { SerialRange } from '../../schemas/entities/serial-range'
import { deviceOwnerLocations, deviceOwners, type StoredOwnerSerialRange } from '../db/schema/index'
import { AttributesRepository } from './attributes'
import { mapConstraintErrors } from '../db/errors'
import { lockParentTree } from './list-lock'

export type DeviceOwnerRow = typeof deviceOwners.$inferSelect

/** Device owners (SPEC §3): names unique ignoring case, test-equipment serial ranges, contacts, locations. */
export class DeviceOwnersRepository {
  private readonly attributes: AttributesRepository

  constructor(private readonly db: Db) {
    this.attributes = new AttributesRepository(db)
  }

  list(): Promise<DeviceOwnerRow[]> {
    return this.db.select().from(deviceOwners).orderBy(asc(deviceOwners.id))
  }

  async row(id: number): Promise<DeviceOwnerRow> {
    const [row] = await this.db.select().from(deviceOwners).where(eq(deviceOwners.id, id))
    if (!row) throw notFound(MESSAGES.owner.notFound(id))
    return row
  }

  /** One owner with parent, ranges (API keys), contacts, locations and attributes. */
  async get(id: number): Promise<DeviceOwner> {
    const row = await this.row(id)
    const parent = row.parentId != null ? await this.row(row.parentId).catch(() => undefined) : undefined
    const attributes: Attribute[] =
      (await this.attributes.listFor(TABLE_NAMES.deviceOwner, [id])).get(id) ?? []
    return {
      id: row.id,
      name: row.name,
      createdInItr: row.createdInItr,
      parent: parent ? { id: parent.id, name: parent.name } : null,
      testEquipmentSerialRanges: row.testEquipmentSerialRanges.map((r) => ({
        id: r.Id,
        prefix: r.Prefix,
        min: r.Min,
        max: r.Max,
      })),
      calibrationReminderContacts: row.calibrationReminderContacts,
      locations: await this.locations(id),
      attributes: attributes.map((a) => ({ key: a.key, value: a.value })),
    }
  }

  /** Creates an owner in ITR (createdInItr true); 409 with the SPEC text when the name is taken. */
  async create(name: string, parentId?: number | null): Promise<number> {
    if (parentId != null) await this.row(parentId)
    const [row] = await mapConstraintErrors(
      () =>
        this.db
          .insert(deviceOwners)
          .values({ name: name.trim(), parentId: parentId ?? null, createdInItr: true })
          .returning({ id: deviceOwners.id }),
      { unique: () => conflict(MESSAGES.owner.nameTaken) },
    )
    return row.id
  }

  /**
   * Renames an owner and sets its parent (`PATCH`). The name may only change for owners created in ITR
   * (SPEC §2); the parent may not be the owner or one of its descendants.
   */
  async update(id: number, input: { name: string; parentId?: number | null }): Promise<void> {
    const row = await this.row(id)
    const name = input.name.trim()
    if (name !== row.name && !row.createdInItr) throw badRequest(MESSAGES.owner.nameLocked)
    const parentId = input.parentId === undefined ? row.parentId : input.parentId
    await this.db.transaction(async (tx) => {
      const db = tx as unknown as Db
      // Parent changes queue, so two at once cannot each miss the cycle the other closes.
      if (parentId != null) await checkParent(db, id, parentId)
      await mapConstraintErrors(
        () => db.update(deviceOwners).set({ name, parentId }).where(eq(deviceOwners.id, id)),
        { unique: () => conflict(MESSAGES.owner.nameTaken) },
      )
    })
  }

  /** Replaces the test-equipment serial ranges after the SPEC §5 rules; stored with capitalised keys. */
  async setSerialRanges(id: number, ranges: readonly SerialRange[]): Promise<StoredOwnerSerialRange[]> {
    await this.row(id)
    const checked = ownerSerialRangesCheck(ranges, SERIAL_PREFIX_SEPARATOR)
    if (checked.error !== undefined) throw badRequest(checked.error)
    // Local ids from the form may be new (≤ 0) or repeated; stored ranges get ids 1..n.
    const stored = checked.ranges.map((r, i) => ({ Id: i + 1, Prefix: r.prefix, Min: r.min, Max: r.max }))
    await this.db
      .update(deviceOwners)
      .set({ testEquipmentSerialRanges: stored })
      .where(eq(deviceOwners.id, id))
    return stored
  }

  /** Replaces the calibration reminder contacts after the SPEC §5 rules. */
  async setContacts(id: number, contacts: readonly string[]): Promise<string[]> {
    await this.row(id)
    const checked = calibrationContactsCheck(contacts)
    if (checked.error !== undefined) throw badRequest(checked.error)
    await this.db
      .update(deviceOwners)
      .set({ calibrationReminderContacts: checked.contacts })
      .where(eq(deviceOwners.id, id))
    return checked.contacts
  }

  /** The owner's locations, by name. */
  locations(ownerId: number): Promise<{ id: number; name: string }[]> {
    return this.db
      .select({ id: deviceOwnerLocations.id, name: deviceOwnerLocations.name })
      .from(deviceOwnerLocations)
      .where(eq(deviceOwnerLocations.ownerId, ownerId))
      .orderBy(asc(sql`lower(${deviceOwnerLocations.name})`), asc(deviceOwnerLocations.id))
  }

  /** Adds a location; a name the owner already has is the SPEC duplicate-locations text. */
  async addLocation(ownerId: number, name: string): Promise<number> {
    await this.row(ownerId)
    const clean = name.trim()
    const [row] = await mapConstraintErrors(
      () =>
        this.db
          .insert(deviceOwnerLocations)
          .values({ ownerId, name: clean })
          .returning({ id: deviceOwnerLocations.id }),
      { unique: () => conflict(`${MESSAGES.owner.duplicateLocations} ${clean}`) },
    )
    return row.id
  }

  async renameLocation(ownerId: number, locationId: number, name: string): Promise<void> {
    await this.row(ownerId)
    const clean = name.trim()
    const rows = await mapConstraintErrors(
      () =>
        this.db
          .update(deviceOwnerLocations)
          .set({ name: clean })
          .where(and(eq(deviceOwnerLocations.id, locationId), eq(deviceOwnerLocations.ownerId, ownerId)))
          .returning({ id: deviceOwnerLocations.id }),
      { unique: () => conflict(`${MESSAGES.owner.duplicateLocations} ${clean}`) },
    )
    if (rows.length === 0) throw notFound(MESSAGES.owner.locationNotFound(locationId))
  }

  /** Deletes a location; refused while test equipment is kept there. */
  async deleteLocation(ownerId: number, locationId: number): Promise<void> {
    await this.row(ownerId)
    const [location] = await this.db
      .select()
      .from(deviceOwnerLocations)
      .where(and(eq(deviceOwnerLocations.id, locationId), eq(deviceOwnerLocations.ownerId, ownerId)))
    if (!location) throw notFound(MESSAGES.owner.locationNotFound(locationId))
    await mapConstraintErrors(
      () => this.db.delete(deviceOwnerLocations).where(eq(deviceOwnerLocations.id, locationId)),
      {
        foreignKey: () => conflict(MESSAGES.owner.locationInUse(location.name)),
      },
    )
  }

  /** Names of owners by id, for callers that list owners with their parents. */
  async names(ids: readonly number[]): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map()
    const rows = await this.db
      .select({ id: deviceOwners.id, name: deviceOwners.name })
      .from(deviceOwners)
      .where(inArray(deviceOwners.id, [...ids]))
    return new Map(rows.map((r) => [r.id, r.name]))
  }
}

/** Refuses a parent that is the owner or one of its descendants; holds the owner tree's lock first. */
async function checkParent(db: Db, id: number, parentId: number): Promise<void> {
  if (parentId === id) throw badRequest(MESSAGES.owner.ownParent)
  await lockParentTree(db, 'owner')
  const all = await db.select({ id: deviceOwners.id, parentId: deviceOwners.parentId }).from(deviceOwners)
  const parentOf = new Map(all.map((o) => [o.id, o.parentId]))
  if (!parentOf.has(parentId)) throw notFound(MESSAGES.owner.notFound(parentId))
  for (
    let at: number | null | undefined = parentId, steps = 0;
    at != null && steps <= all.length;
    at = parentOf.get(at), steps++
  ) {
    if (at === id) throw badRequest(MESSAGES.owner.parentCycle)
  }
}
