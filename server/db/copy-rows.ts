import type { Db } from './client'

/** A cell COPY can carry: text, numbers, booleans, dates, JSON values (objects, arrays) and null. */
export type CopyCell = string | number | boolean | Date | object | null | undefined

/** The raw driver under drizzle: a node-postgres client (has its wire connection) or PGlite. */
interface PgClient {
  connection: {
    sendCopyFromChunk(chunk: Buffer): void
    endCopyFrom(): void
    sendCopyFail(message: string): void
  }
  query(submittable: CopyFromStdin): unknown
}
interface PgliteClient {
  query(text: string, params: unknown[], options: { blob: Blob }): Promise<unknown>
}

/** Rows per piece of CSV text built and sent at a time, so a 100,000-row COPY never needs one huge string. */
const PIECE_ROWS = 5_000

const quoted = (text: string) => `"${text.replaceAll('"', '""')}"`

/**
 * One cell in COPY's CSV format. Null is the unquoted empty field; every other text is quoted, so an empty
 * string stays an empty string; JSON values are written as their JSON text (jsonb reads it back), dates as
 * ISO text (timestamptz reads it back exactly, as JSON.stringify's does in insertJson).
 */
function csvCell(value: CopyCell): string {
  if (value === null || value === undefined) return ''
  if (typeof value === 'string') return quoted(value)
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`copyRows: ${value} is not a number COPY can store`)
    return String(value)
  }
  if (typeof value === 'boolean') return value ? 't' : 'f'
  if (value instanceof Date) return value.toISOString()
  return quoted(JSON.stringify(value))
}

/**
 * The CSV text of `rows` now (a cell COPY cannot take throws before anything is sent), or, past a piece's
 * worth, as pieces built when sent (an error then ends the COPY with CopyFail), so the whole text of a
 * 100,000-row COPY is never held at once.
 */
const encoded = (rows: readonly (readonly CopyCell[])[]): Iterable<string> =>
  rows.length > PIECE_ROWS ? csvPieces(rows) : [...csvPieces(rows)]

function* csvPieces(rows: readonly (readonly CopyCell[])[]): Generator<string> {
  for (let from = 0; from < rows.length; from += PIECE_ROWS) {
    let text = ''
    for (const row of rows.slice(from, from + PIECE_ROWS)) text += `${row.map(csvCell).join(',')}\n`
    yield text
  }
}

/**
 * `COPY … FROM STDIN` as a node-postgres query object (its Submittable interface, the one pg-copy-streams
 * uses, without the dependency): the statement goes out on the simple protocol, the server answers
 * CopyInResponse, the rows follow as CopyData and CopyDone. The server's error (a bad cell, a constraint)
 * rejects; ReadyForQuery after CommandComplete resolves.
 */
class CopyFromStdin {
  readonly done: Promise<void>
  private resolve!: () => void
  private reject!: (error: unknown) => void
  private failed = false
  /** An error building the rows, sent to the server as CopyFail and answered instead of its echo. */
  private cause: unknown

  constructor(
    readonly text: string,
    private readonly pieces: Iterable<string>,
  ) {
    this.done = new Promise((resolve, reject) => {
      this.resolve = resolve
      this.reject = reject
    })
  }

  submit(connection: { query(text: string): void }) {
    connection.query(this.text)
  }

  handleCopyInResponse(connection: PgClient['connection']) {
    try {
      for (const piece of this.pieces) connection.sendCopyFromChunk(Buffer.from(piece))
      connection.endCopyFrom()
    } catch (error) {
      // Thrown here it would escape into the driver's socket handler; CopyFail ends the COPY cleanly.
      this.cause = error
      connection.sendCopyFail(error instanceof Error ? error.message : String(error))
    }
  }

  handleCommandComplete() {}

  handleError(error: unknown) {
    this.failed = true
    this.reject(this.cause ?? error)
  }

  handleReadyForQuery() {
    if (!this.failed) this.resolve()
  }
}

const driverOf = (db: Db) => (db as unknown as { session: { client: unknown } }).session.client

/**
 * Whether `db`'s statements run in another process (node-postgres: a server at the end of a socket), so
 * this thread is free while one is in flight; false for the embedded PGlite, which runs them on this
 * thread. A transaction's statements still run one after another, in the order they were sent.
 */
export function runsElsewhere(db: Db): boolean {
  const client = driverOf(db)
  return !!client && typeof client === 'object' && 'connection' in client
}

/**
 * Whether this thread is free while `db` runs a statement: PostgreSQL (another process) or PGlite on its
 * own thread (pglite-thread-client.ts, issue #17.2), so a caller may do other work before awaiting it.
 * Not the choice of COPY protocol (`runsElsewhere`): PGlite on a thread still takes its COPY as a blob.
 */
export function runsOffThread(db: Db): boolean {
  const client = driverOf(db)
  return runsElsewhere(db) || (!!client && typeof client === 'object' && 'offThread' in client)
}

/** Whether `copyRows` can run on `db`: PGlite, or a node-postgres transaction (not the pool). */
export function canCopy(db: Db): boolean {
  const client = driverOf(db)
  return runsElsewhere(db) || !(client && typeof client === 'object' && 'totalCount' in client)
}

const identifier = (name: string) => `"${name.replaceAll('"', '""')}"`

/**
 * Loads `rows` into `table` (its `columns`, in that order) with one COPY, on whichever driver `db` runs:
 * node-postgres through COPY FROM STDIN, PGlite through COPY FROM '/dev/blob' with the rows as the
 * query's blob. On PostgreSQL it must run inside a transaction (`db` is the transaction's handle), so the
 * COPY goes over the transaction's own connection and is rolled back with it.
 */
export async function copyRows(
  db: Db,
  table: string,
  columns: readonly string[],
  rows: readonly (readonly CopyCell[])[],
): Promise<void> {
  if (rows.length === 0) return
  const target = `${identifier(table)} (${columns.map(identifier).join(', ')})`
  const client = driverOf(db)
  if (runsElsewhere(db)) {
    // The text is built before the statement goes out, not when the server asks for it: the server would
    // otherwise wait, mid-COPY, while this thread encodes (and, in a CSV upload, checks rows meanwhile).
    const pieces = encoded(rows)
    const copy = new CopyFromStdin(`COPY ${target} FROM STDIN WITH (FORMAT csv)`, pieces)
    ;(client as PgClient).query(copy)
    return copy.done
  }
  if (!canCopy(db))
    throw new Error('copyRows runs inside a transaction on PostgreSQL (one connection for the COPY)')
  const blob = new Blob([...csvPieces(rows)])
  await (client as PgliteClient).query(`COPY ${target} FROM '/dev/blob' WITH (FORMAT csv)`, [], { blob })
}
