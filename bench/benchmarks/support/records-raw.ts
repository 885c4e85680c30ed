import { sql, type SQL } from 'drizzle-orm'
import { countHorizon, shortPageTotal } from '../../../schemas/paging'
import type { Db } from '../../../server/db/client'
import { rowsOf } from './bulk-data'

/**
 * The records page written by hand (issue #17.4): the `size` ids of the page from `records` alone, those
 * rows joined with their names, and the count (exact up to the same horizon the API uses,
 * docs/performance.md). Every column the API answers is read — the review state, the superseding record
 * and the impact-case state (`suspect`) included — so the reference does the same work as the page and
 * the ratio measures only what the API adds around it. Like the API, it reads no count for a short page.
 */
export async function rawRecordsPage(db: Db, where: SQL, page: number, size: number): Promise<void> {
  const offset = (page - 1) * size
  const rows = await db.execute(sql`
    SELECT r.id, r.record_type_id, r.product_type_id, r.supplier_id, r.customer_id, r.product_serial_number,
           r.serial_number_prefix, m.name AS product_type_name, d.name AS record_type_name, d.sensor_type_id,
           r.test_result, s.name AS supplier_name, r.job_number, r.batch_number, c.name AS customer_name,
           r.fault_items, r.repair_items, r.fault_descriptives, r.repair_descriptives, r.record_date, r.category,
           r.review_state, r.superseded_by_id,
           (SELECT CASE WHEN bool_or(i.disposition IS NULL) THEN 'undecided'
                        WHEN bool_or(i.disposition = 'recall') THEN 'recall'
                        WHEN bool_or(i.disposition = 'retest') THEN 'retest'
                        ELSE 'accept' END
              FROM impact_case_records i WHERE i.record_id = r.id HAVING count(*) > 0) AS suspect
    FROM records r
    JOIN (SELECT id FROM records WHERE ${where} ORDER BY record_date DESC, id DESC LIMIT ${size} OFFSET ${offset}) k
      ON k.id = r.id
    JOIN data_point_types d ON d.id = r.record_type_id
    LEFT JOIN asset_models m ON m.id = r.product_type_id
    LEFT JOIN asset_manufacturers s ON s.id = r.supplier_id
    LEFT JOIN customers c ON c.id = r.customer_id
    ORDER BY r.record_date DESC, r.id DESC`)
  // As the API: a short page that is not past the end is the last one, and its total is known.
  if (shortPageTotal(page, size, rowsOf<unknown>(rows).length) !== undefined) return
  await db.execute(
    sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM records WHERE ${where} LIMIT ${countHorizon(offset, size)}) t`,
  )
}
