import type { ServerProcess } from './pg-instances'

/** Demo ids a crash run submits against (server/seed: reference data and demo record types). */
export interface CrashIds {
  fabrikam: number
  northwind: number
  meterType: number
  problemType: number
}

/** Signs in the demo internal user (may submit for any supplier). */
export async function signInInternal(server: ServerProcess): Promise<string> {
  const res = await server.call('auth', 'POST', '/api/token', {
    form: { grant_type: 'password', username: 'internal', password: 'internal-demo' },
  })
  if (res.status !== 200) throw new Error(`sign-in answered ${res.status}: ${await res.text()}`)
  return ((await res.json()) as { token: string }).token
}

/** Looks the demo supplier and record type ids up through the API (the data dir is the server's alone). */
export async function crashIds(server: ServerProcess, token: string): Promise<CrashIds> {
  const list = async (path: string) =>
    (await (await server.call('meta', 'GET', path, { token })).json()) as { id: number; name: string }[]
  const id = (rows: { id: number; name: string }[], name: string) => {
    const row = rows.find((r) => r.name === name)
    if (!row) throw new Error(`demo data has no ${name}`)
    return row.id
  }
  const suppliers = await list('/api/assetmanufacturers')
  const types = await list('/api/DataPointTypes')
  return {
    fabrikam: id(suppliers, 'Fabrikam Meters'),
    northwind: id(suppliers, 'Northwind Transformers'),
    meterType: id(types, 'Smart Meter Accuracy Batch'),
    problemType: id(types, 'Problem Report'),
  }
}

/** A meter accuracy batch for the demo Smart Meter Accuracy Batch type: serials prefix1..prefix`rows`. */
export function meterCsv(rows: number, prefix: string): string {
  const lines = ['serial,testDate,result,errorAt5A,errorAt60A,creepTest']
  const start = Date.UTC(2026, 2, 1, 8)
  for (let i = 1; i <= rows; i++) {
    const date = new Date(start + i * 60_000).toISOString().slice(0, 16).replace('T', ' ')
    lines.push(`${prefix}${i},${date},pass,0.10,-0.10,pass`)
  }
  return `${lines.join('\n')}\n`
}

/** POST upload-csv of `csv` for the meter type on product type `productTypeId`. */
export function uploadCsv(
  server: ServerProcess,
  token: string,
  ids: CrashIds,
  productTypeId: number,
  csv: string,
  fileName: string,
): Promise<Response> {
  return server.call('submission', 'POST', '/api/InstrumentTest/upload-csv/', {
    token,
    body: {
      supplierId: ids.fabrikam,
      productTypeId,
      recordTypeId: ids.meterType,
      fileName,
      data: Buffer.from(csv).toString('base64'),
    },
  })
}

/** A stream of single Problem Report submissions, each with its own Idempotency-Key. */
export interface Burst {
  /** Key → body of every submission sent (answered or not). */
  sent: Map<string, unknown>
  /** Key → recordId of every submission the server acknowledged with 200. */
  acknowledged: Map<string, number>
  /** Answers other than 200 (a failure of the run), and network errors before `halt`. */
  failures: string[]
  /** Resolves at the first acknowledgement. */
  firstAcknowledged: Promise<void>
  /** Stops sending; resolves when every stream has ended. */
  halt(): Promise<void>
}

/**
 * `streams` concurrent submitters, each sending one Problem Report on a Northwind transformer after the
 * other until halted. The key is also the record's notes, so each submission's records can be counted.
 */
export function startBurst(baseUrl: string, token: string, ids: CrashIds, tag: string, streams = 3): Burst {
  const burst: Omit<Burst, 'firstAcknowledged' | 'halt'> = {
    sent: new Map(),
    acknowledged: new Map(),
    failures: [],
  }
  let halted = false
  let signal!: () => void
  const firstAcknowledged = new Promise<void>((resolve) => (signal = resolve))
  const stream = async (s: number) => {
    for (let n = 0; !halted; n++) {
      const key = `${tag}-${s}-${n}`
      const body = problemReport(ids, key, 1 + ((s * 997 + n) % 5000))
      burst.sent.set(key, body)
      try {
        const res = await submit(baseUrl, token, key, body)
        const text = await res.text()
        if (res.status !== 200) burst.failures.push(`${key}: ${res.status} ${text.slice(0, 200)}`)
        else {
          burst.acknowledged.set(key, (JSON.parse(text) as { recordId: number }).recordId)
          signal()
        }
      } catch (error) {
        // The connection died: the server was killed (expected once halted is near) or it failed.
        if (!halted) burst.failures.push(`${key}: ${(error as Error).message}`)
        return
      }
    }
  }
  const done = Promise.all(Array.from({ length: streams }, (_, s) => stream(s)))
  return {
    ...burst,
    firstAcknowledged,
    halt: async () => {
      halted = true
      await done
    },
  }
}

/** The body of a Problem Report on transformer NWT:`serial`, its notes naming its key. */
export function problemReport(ids: CrashIds, key: string, serial: number) {
  return {
    supplierId: ids.northwind,
    productTypeId: 100200,
    recordTypeId: ids.problemType,
    data: { serialNumber: `NWT:${serial}`, reportDate: '2026-03-02T10:00:00Z', notes: key },
  }
}

/** POST upload-single with an Idempotency-Key. */
export function submit(baseUrl: string, token: string, key: string, body: unknown): Promise<Response> {
  return fetch(`${baseUrl}/svc/submission/api/InstrumentTest/upload-single/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': key },
    body: JSON.stringify(body),
  })
}
