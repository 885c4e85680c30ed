import { asc, eq } from 'drizzle-orm'
import { MESSAGES } from '../../schemas/messages'
import { conflict, notFound } from '../http-error'
import type { Db } from '../db/client'
import { calibrators } from '../db/schema/index'
import { mapConstraintErrors } from '../db/errors'

export type CalibratorRow = typeof calibrators.$inferSelect

/** Calibration houses (SPEC §3: id, name). */
export class CalibratorsRepository {
  constructor(private readonly db: Db) {}

  list(): Promise<CalibratorRow[]> {
    return this.db.select().from(calibrators).orderBy(asc(calibrators.name), asc(calibrators.id))
  }

  async get(id: number): Promise<CalibratorRow> {
    const [row] = await this.db.select().from(calibrators).where(eq(calibrators.id, id))
    if (!row) throw notFound(MESSAGES.calibrator.notFound(id))
    return row
  }

  async create(name: string): Promise<number> {
    const [row] = await mapConstraintErrors(
      () => this.db.insert(calibrators).values({ name: name.trim() }).returning({ id: calibrators.id }),
      {
        unique: () => conflict(MESSAGES.calibrator.nameTaken),
      },
    )
    return row.id
  }

  async rename(id: number, name: string): Promise<void> {
    await this.get(id)
    await mapConstraintErrors(
      () => this.db.update(calibrators).set({ name: name.trim() }).where(eq(calibrators.id, id)),
      {
        unique: () => conflict(MESSAGES.calibrator.nameTaken),
      },
    )
  }

  /** Deletes a calibrator; refused while calibrations name it. */
  async delete(id: number): Promise<CalibratorRow> {
    const row = await this.get(id)
    await mapConstraintErrors(() => this.db.delete(calibrators).where(eq(calibrators.id, id)), {
      foreignKey: () => conflict(MESSAGES.calibrator.inUse(row.name)),
    })
    return row
  }
}
