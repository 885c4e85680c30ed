import type { PreparedRecord } from './types'

/**
 * Checked rows handed to the writer at a time (each of them COPY-staged: ≥ STAGE_MIN_ROWS). Smaller chunks
 * start the database sooner and leave less of it unoverlapped at the end: 10,000 rows went from ~5.7 s
 * to ~3.4 s on PostgreSQL with 2,000 instead of 5,000 (bench/csv-profile.ts); 1,000 gained nothing more.
 */
export const WRITE_CHUNK_ROWS = 2_000

/**
 * The first chunk is smaller, so the database starts sooner (it waits for it, idle, while it is checked);
 * not below STAGE_MIN_ROWS, where the writer would leave COPY for JSON statements.
 */
export const FIRST_CHUNK_ROWS = 1_000

/**
 * Checked rows between two turns of the event loop. Checking a row awaits only promises already settled
 * (cached lookups), which never let the loop read the socket: without a turn now and then, the server's
 * answer to a chunk's statement would wait, unread, until the whole file is checked.
 */
const ROWS_PER_TURN = 100

/**
 * The writes of a CSV file, chunk by chunk in the file's order, while the rows after them are still being
 * checked (issue #17.3). The database writes one chunk while this thread checks the next — PostgreSQL in
 * its own process, PGlite on its own thread (issue #17.2) — so a file costs about the larger of checking
 * and writing instead of their sum; a database on this thread (`overlap` false) has each chunk awaited at
 * once. All of it runs in the file's one transaction: a bad row
 * found later stops the writes and the transaction rolls back, so nothing is stored, as before.
 * Writing the chunks one after another leaves what writing the rows one by one does (the one writer's
 * rule): a product created by an earlier chunk is a stored product to a later one.
 */
export class ChunkedWrites {
  private chunk: PreparedRecord[] = []
  private pending: Promise<void> = Promise.resolve()
  private failure: { error: unknown } | null = null
  private added = 0
  private limit = FIRST_CHUNK_ROWS

  constructor(
    private readonly write: (part: PreparedRecord[]) => Promise<unknown>,
    private readonly overlap: boolean,
  ) {}

  /** Whether a write has failed: checking the rest of the file is then pointless. */
  get failed(): boolean {
    return this.failure !== null
  }

  /**
   * The error to answer for `error`, met while checking rows: a failed write's own error if there was one.
   * A statement sent on the transaction after a write failed answers only "current transaction is
   * aborted" (25P02), which would hide the write's error (a deadlock, say) behind a 500.
   */
  causeOf(error: unknown): unknown {
    return this.failure ? this.failure.error : error
  }

  /** Queues a checked row; a full chunk starts its write (and, without overlap, waits for it). */
  async add(record: PreparedRecord): Promise<void> {
    this.chunk.push(record)
    if (this.overlap && ++this.added % ROWS_PER_TURN === 0) await new Promise((turn) => setImmediate(turn))
    if (this.chunk.length < this.limit) return
    this.limit = WRITE_CHUNK_ROWS
    this.flush()
    if (!this.overlap) await this.pending
  }

  /** Stops writing (a bad row was found): waits for a write in flight, drops the rest. */
  async abandon(): Promise<void> {
    this.chunk = []
    await this.pending
  }

  /** Writes what is left and waits for every write; throws the first write's error. */
  async finish(): Promise<void> {
    this.flush()
    await this.pending
    if (this.failure) throw this.failure.error
  }

  private flush() {
    const part = this.chunk
    this.chunk = []
    if (part.length === 0) return
    // Never a rejected promise left waiting: the error is kept and answered by finish().
    this.pending = this.pending
      .then(() => (this.failure ? undefined : this.write(part)))
      .then(
        () => undefined,
        (error: unknown) => {
          this.failure ??= { error }
        },
      )
  }
}
