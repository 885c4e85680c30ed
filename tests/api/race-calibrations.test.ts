import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { startTestServer, type TestServer } from '../support/api'
import { rowsOf } from '../../server/submissions/write/sql-batch'
import { TestEquipmentRepository } from '../../server/test-equipment/test-equipment'
import type { TestEquipment } from '../../schemas/records/index'
import { recordFixtures, type RecordFixtures } from './records-fixtures'

/**
 * Audit s8d D2 and D3: calibrations of one device sent at once. None may fail with a 500 (the first ones
 * of a new device raced on the unique serial), and the device's latest calibration and expiry must be the
 * newest of its history (an older calibration waited for a newer one's lock and then overwrote it).
 * The bursts run on both drivers; the deterministic interleavings need a second PostgreSQL connection.
 */
describe('concurrent calibrations of one device', () => {
  let server: TestServer
  let fx: RecordFixtures
  beforeAll(async () => {
    server = await startTestServer()
    fx = await recordFixtures(server)
    // Signed in once up front: a burst of first calls would each sign in at the same moment.
    await server.tokenFor('configurator')
  })
  afterAll(() => server.close())

  const day = (d: number) => `2026-06-${String(d).padStart(2, '0')}T10:00:00.000Z`
  const calibrate = (serial: string, d: number) =>
    server.call('submission', 'POST', '/api/InstrumentTest/calibration', {
      as: 'configurator',
      body: {
        deviceOwnerId: fx.owner,
        recordTypeId: fx.types.calibration,
        data: {
          serial,
          date: day(d),
          description: 'Race meter',
          skip: false,
          house: fx.calibrator,
          frequency: 'P12M',
        },
      },
    })
  const device = async (serial: string): Promise<TestEquipment[]> => {
    const res = await server.call(
      'itr',
      'GET',
      `/api/testEquipment?serialNumber=${encodeURIComponent(serial)}`,
      {
        as: 'configurator',
      },
    )
    expect(res.statusCode).toBe(200)
    return res.json()
  }
  /** One device for `serial` whose latest calibration is the newest of its history. */
  const expectLatestIsNewest = async (serial: string, newest: number) => {
    const found = await device(serial)
    expect(found).toHaveLength(1)
    const [te] = found
    const dates = (te.calibrations ?? []).map((c) => c.date!).sort()
    const latest = (te.calibrations ?? []).find((c) => c.date === dates.at(-1))!
    expect(latest.date).toBe(day(newest))
    expect(te.latestCalibration?.date).toBe(latest.date)
    expect(te.latestCalibration?.expires).toBe(latest.expires)
    return te
  }
  /** Newest first, so the newest is likely to commit before older ones and tempt them to overwrite it. */
  const burst = (serial: string, days: number) =>
    Promise.all(Array.from({ length: days }, (_, i) => calibrate(serial, days + 1 - i)))

  it('D2: the first calibrations of a new device all succeed and make one device', async () => {
    const answers = await burst('EPN-TE:811', 8)
    expect(answers.map((r) => r.statusCode)).toEqual(Array(8).fill(200))
    expect(new Set(answers.map((r) => r.json().testEquipmentId)).size).toBe(1)
    const te = await expectLatestIsNewest('EPN-TE:811', 9)
    expect(te.calibrations).toHaveLength(8)
  })

  it('D3: calibrations of an existing device leave the newest as its latest', async () => {
    expect((await calibrate('EPN-TE:812', 1)).statusCode).toBe(200)
    for (let round = 0; round < 5; round++) {
      const answers = await burst('EPN-TE:812', 8)
      expect(answers.map((r) => r.statusCode)).toEqual(Array(8).fill(200))
    }
    await expectLatestIsNewest('EPN-TE:812', 9)
  })

  /**
   * A first writer's step done in a transaction held open on another connection; `then` runs while it is
   * held, after a request is waiting for its lock. PGlite has one connection, so nothing can wait there.
   */
  const whileHeld = async (
    step: (repository: TestEquipmentRepository) => Promise<unknown>,
    then: () => Promise<void>,
  ) => {
    let release!: () => void
    let held!: () => void
    const isHeld = new Promise<void>((resolve) => (held = resolve))
    const holder = server.database.db.transaction(async (tx) => {
      await step(new TestEquipmentRepository(tx))
      held()
      await new Promise<void>((resolve) => (release = resolve))
    })
    await isHeld
    const waiting = then()
    await waitForLockWait()
    release()
    await holder
    await waiting
  }
  const waitForLockWait = async () => {
    for (let i = 0; i < 200; i++) {
      const [row] = rowsOf<{ n: number }>(
        await server.database.db.execute(sql`SELECT count(*)::int AS n FROM pg_stat_activity
          WHERE datname = current_database() AND wait_event_type = 'Lock'`),
      )
      if (row.n > 0) return
      await new Promise((resolve) => setTimeout(resolve, 25))
    }
    throw new Error('the calibration never waited for the held transaction')
  }
  const input = (serial: string, d: number) => ({
    ownerId: fx.owner,
    serialNumberPrefix: 'EPN-TE:',
    serialNumber: serial,
    locationId: null,
    assetTag: null,
    description: 'Held meter',
    calibration: {
      skipped: false,
      date: new Date(day(d)),
      expires: new Date(day(d).replace('2026', '2027')),
      calibratorId: null,
      certificateDocumentId: null,
    },
  })

  it('D2: a calibration waiting on another first calibration of the device updates it (PostgreSQL)', async (ctx) => {
    if (server.database.kind === 'pglite') ctx.skip() // one connection: no concurrent transaction to wait on
    let answer!: Awaited<ReturnType<typeof calibrate>>
    await whileHeld(
      (repository) => repository.upsertFromCalibration(input('813', 2)),
      async () => {
        answer = await calibrate('EPN-TE:813', 5)
      },
    )
    expect(answer.statusCode, answer.body).toBe(200)
    const [te] = await device('EPN-TE:813')
    expect(answer.json().testEquipmentId).toBe(te.id)
    expect(te.latestCalibration?.date).toBe(day(5))
  })

  it('D3: an older calibration waiting on a newer one does not overwrite it (PostgreSQL)', async (ctx) => {
    if (server.database.kind === 'pglite') ctx.skip() // one connection: no concurrent transaction to wait on
    expect((await calibrate('EPN-TE:814', 1)).statusCode).toBe(200)
    let answer!: Awaited<ReturnType<typeof calibrate>>
    await whileHeld(
      (repository) => repository.upsertFromCalibration(input('814', 20)),
      async () => {
        answer = await calibrate('EPN-TE:814', 10)
      },
    )
    expect(answer.statusCode, answer.body).toBe(200)
    const [te] = await device('EPN-TE:814')
    expect(te.latestCalibration?.date).toBe(day(20))
    expect(te.latestCalibration?.expires).toBe(day(20).replace('2026', '2027'))
    // The late, older calibration is still in the device's history.
    expect((te.calibrations ?? []).map((c) => c.date)).toContain(day(10))
  })
})
