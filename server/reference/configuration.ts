import { and, asc, eq, inArray } from 'drizzle-orm'
import {
  DESCRIPTIVE_DOMAINS,
  type ConfigurationEntry,
  type ConfigurationWrite,
} from '../../schemas/entities/configuration'
import { MESSAGES } from '../../schemas/messages'
import { notFound } from '../http-error'
import type { Db } from '../db/client'
import { configurationEntries } from '../db/schema/index'

type Row = typeof configurationEntries.$inferSelect

const toEntry = (row: Row): ConfigurationEntry => ({
  domain: row.domain,
  id: row.id,
  key: row.key,
  value: row.value,
  description: row.description,
  shortDescription: row.shortDescription,
})

/** Configuration rows (SPEC §3): ITRCATEGORY and the survey/repair descriptive domains. */
export class ConfigurationRepository {
  constructor(private readonly db: Db) {}

  /** The rows of one domain, by id. */
  async list(domain: string): Promise<ConfigurationEntry[]> {
    const rows = await this.db
      .select()
      .from(configurationEntries)
      .where(eq(configurationEntries.domain, domain))
      .orderBy(asc(configurationEntries.id))
    return rows.map(toEntry)
  }

  /** Every descriptive (Fault, Repair, Quotation domains). */
  async descriptives(): Promise<ConfigurationEntry[]> {
    const rows = await this.db
      .select()
      .from(configurationEntries)
      .where(inArray(configurationEntries.domain, Object.values(DESCRIPTIVE_DOMAINS)))
      .orderBy(asc(configurationEntries.id))
    return rows.map(toEntry)
  }

  /** One descriptive by id, whatever its category; undefined when there is none. */
  async descriptive(id: number): Promise<ConfigurationEntry | undefined> {
    const [row] = await this.db
      .select()
      .from(configurationEntries)
      .where(
        and(
          eq(configurationEntries.id, id),
          inArray(configurationEntries.domain, Object.values(DESCRIPTIVE_DOMAINS)),
        ),
      )
    return row && toEntry(row)
  }

  async create(input: ConfigurationWrite): Promise<number> {
    const [row] = await this.db
      .insert(configurationEntries)
      .values({
        domain: input.domain,
        key: input.key?.trim() || input.value.trim(),
        value: input.value.trim(),
        description: input.description ?? null,
        shortDescription: input.shortDescription ?? null,
      })
      .returning({ id: configurationEntries.id })
    return row.id
  }

  /**
   * Updates a descriptive by id. The domain may change (a fault descriptive becomes a repair one);
   * the row must already be a descriptive, so categories (ITRCATEGORY) can never be edited here.
   */
  async update(id: number, input: ConfigurationWrite): Promise<void> {
    const rows = await this.db
      .update(configurationEntries)
      .set({
        domain: input.domain,
        key: input.key?.trim() || input.value.trim(),
        value: input.value.trim(),
        description: input.description ?? null,
        shortDescription: input.shortDescription ?? null,
      })
      .where(
        and(
          eq(configurationEntries.id, id),
          inArray(configurationEntries.domain, Object.values(DESCRIPTIVE_DOMAINS)),
        ),
      )
      .returning({ id: configurationEntries.id })
    if (rows.length === 0) throw notFound(MESSAGES.configuration.notFound(input.domain, id))
  }

  async delete(domain: string, id: number): Promise<void> {
    const rows = await this.db
      .delete(configurationEntries)
      .where(and(eq(configurationEntries.id, id), eq(configurationEntries.domain, domain)))
      .returning({ id: configurationEntries.id })
    if (rows.length === 0) throw notFound(MESSAGES.configuration.notFound(domain, id))
  }
}
