import { Worker } from 'node:worker_threads'
import type { QueryOptions, Results, Transaction } from '@electric-sql/pglite'

/** What the thread answers for one message (pglite-thread.mjs). */
interface Reply {
  id: number
  result?: unknown
  error?: { message: string; name: string; fields: Record<string, unknown> }
}

/** Query options as they cross to the thread: parsers become the type oids drizzle reads as text. */
interface WireOptions {
  rowMode?: QueryOptions['rowMode']
  rawTypes?: number[]
  blob?: Blob
  paramTypes?: number[]
}

interface Waiting {
  resolve: (value: unknown) => void
  reject: (error: Error) => void
}

/** The oids of a parsers object, checked once per object: the thread only keeps a type's text. */
const rawTypesOf = new WeakMap<object, number[]>()

function wireOptions(options: QueryOptions | undefined): WireOptions | undefined {
  if (!options) return undefined
  if (options.serializers || options.onNotice)
    throw new Error('The embedded database thread takes no serializers or notice callbacks.')
  const { rowMode, parsers, blob, paramTypes } = options
  let rawTypes: number[] | undefined
  if (parsers) {
    rawTypes = rawTypesOf.get(parsers)
    if (!rawTypes) {
      // drizzle's only parsers keep dates, timestamps and intervals as the database's text.
      if (Object.values(parsers).some((parse) => parse('2026-01-01', 0) !== '2026-01-01'))
        throw new Error('The embedded database thread only takes parsers that keep the text.')
      rawTypes = Object.keys(parsers).map(Number)
      rawTypesOf.set(parsers, rawTypes)
    }
  }
  return { rowMode, rawTypes, blob, paramTypes }
}

/** A driver error rebuilt on this thread, with the SQLSTATE `code` and the other fields it had. */
function rebuiltError(error: NonNullable<Reply['error']>): Error {
  const rebuilt = Object.assign(new Error(error.message), error.fields)
  rebuilt.name = error.name
  return rebuilt
}

/**
 * PGlite on its own worker thread (issue #17.2), with the part of PGlite's interface that drizzle's
 * PGlite driver and the migrator call: query, exec, transaction, dumpDataDir and close. PostgreSQL runs as
 * WebAssembly, synchronously; on the server's thread a query held up every other request (GET
 * /config.json waited 862 ms p95 under 50 clients). Here only the messages cost the server's thread.
 */
export class PgliteThread {
  /** Statements run on another thread: this one is free while they do (copy-rows.ts `runsOffThread`). */
  readonly offThread = true
  private readonly waiting = new Map<number, Waiting>()
  private nextId = 1
  private stopped: Error | undefined
  /** Settles once PGlite has opened (or failed to) on the thread. */
  private readonly opened: Promise<unknown>

  private constructor(private readonly worker: Worker) {
    this.opened = new Promise((resolve, reject) => this.waiting.set(0, { resolve, reject }))
    worker.on('message', (reply: Reply) => this.settle(reply))
    worker.on('error', (error) => this.stop(error))
    worker.on('exit', (code) =>
      this.stop(new Error(`The embedded database thread ended (exit code ${code}).`)),
    )
  }

  /** Starts the thread and opens PGlite on `dataDir` (a path or memory://), optionally from a dump. */
  static async open(dataDir: string, loadDataDir?: Blob): Promise<PgliteThread> {
    const worker = new Worker(new URL('./pglite-thread.mjs', import.meta.url), {
      workerData: { dataDir, loadDataDir },
    })
    const thread = new PgliteThread(worker)
    try {
      await thread.opened
    } catch (error) {
      await worker.terminate()
      throw error
    }
    // Only a query in flight keeps the process alive, as an in-thread PGlite did (see call()).
    worker.unref()
    return thread
  }

  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.call({ op: 'query', sql, params, options: wireOptions(options) })
  }

  exec(sql: string, options?: QueryOptions): Promise<Results[]> {
    return this.call({ op: 'exec', sql, options: wireOptions(options) })
  }

  /**
   * Runs `callback` in one transaction, as PGlite's own `transaction` does: committed when it returns,
   * rolled back when it throws. Until it ends, the thread's PGlite holds every other query back.
   */
  async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    const tx = await this.call<number>({ op: 'begin' })
    let closed = false
    const open = () => {
      if (closed) throw new Error('Transaction is closed')
    }
    const handle = {
      offThread: true,
      query: <R>(sql: string, params?: unknown[], options?: QueryOptions) => {
        open()
        return this.call<Results<R>>({ op: 'query', tx, sql, params, options: wireOptions(options) })
      },
      exec: (sql: string, options?: QueryOptions) => {
        open()
        return this.call<Results[]>({ op: 'exec', tx, sql, options: wireOptions(options) })
      },
      rollback: async () => {
        open()
        closed = true
        await this.call({ op: 'rollback', tx })
      },
      get closed() {
        return closed
      },
    }
    let result: T
    try {
      result = await callback(handle as unknown as Transaction)
    } catch (error) {
      if (!closed) {
        closed = true
        await this.call({ op: 'rollback', tx })
      }
      throw error
    }
    if (!closed) {
      closed = true
      await this.call({ op: 'commit', tx })
    }
    return result
  }

  /** The whole data dir as a tarball (PGlite's dumpDataDir without compression). */
  dumpDataDir(): Promise<Blob> {
    return this.call({ op: 'dump' })
  }

  /** Closes PGlite (flushing the data dir) and ends the thread. */
  async close(): Promise<void> {
    if (this.stopped) return
    await this.call({ op: 'close' })
    this.stopped = new Error('The embedded database is closed.')
    await this.worker.terminate()
  }

  private call<T>(message: Record<string, unknown>): Promise<T> {
    if (this.stopped) return Promise.reject(this.stopped)
    const id = this.nextId++
    return new Promise<T>((resolve, reject) => {
      this.waiting.set(id, { resolve: resolve as (value: unknown) => void, reject })
      if (this.waiting.size === 1) this.worker.ref()
      this.worker.postMessage({ id, ...message })
    })
  }

  private settle(reply: Reply) {
    const waiting = this.waiting.get(reply.id)
    if (!waiting) return
    this.waiting.delete(reply.id)
    if (this.waiting.size === 0) this.worker.unref()
    if (reply.error) waiting.reject(rebuiltError(reply.error))
    else waiting.resolve(reply.result)
  }

  /** The thread failed or ended: every query still waiting fails, and so does every later one. */
  private stop(error: Error) {
    this.stopped ??= error
    for (const waiting of this.waiting.values()) waiting.reject(this.stopped)
    this.waiting.clear()
  }
}
