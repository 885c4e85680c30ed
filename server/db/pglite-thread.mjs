// @ts-check
/**
 * The embedded database's own thread (issue #17.2): it owns the PGlite instance and answers the messages
 * of pglite-thread-client.ts, so PostgreSQL's work (WebAssembly, synchronous) never blocks the server's
 * event loop. Plain JavaScript because a worker thread is started by Node itself, outside tsx and vitest.
 *
 * Messages in: { id, op: 'query' | 'exec' | 'begin' | 'commit' | 'rollback' | 'dump' | 'close', tx?, sql?,
 * params?, options? }. Each is answered by { id, result } or { id, error }; id 0 answers the opening.
 * PGlite keeps its own guarantees here: a query outside a transaction waits while one is open, and a
 * transaction's queries run in the order they arrive.
 */
import { parentPort, workerData } from 'node:worker_threads'
import { PGlite } from '@electric-sql/pglite'

const port = /** @type {import('node:worker_threads').MessagePort} */ (parentPort)

/** Ends a transaction's callback so PGlite rolls it back; not an error anyone sees. */
const ROLLBACK = Symbol('rollback')

/** @typedef {{ tx: import('@electric-sql/pglite').Transaction, commit: () => void, rollback: () => void, ended: Promise<unknown> }} OpenTransaction */
/** @type {Map<number, OpenTransaction>} */
const transactions = new Map()
let nextTransaction = 1

/** Identity parsers by type oid: drizzle asks for dates, timestamps and intervals as text. */
const rawParsers = new Map()
/** @param {number[] | undefined} oids */
function parsersFor(oids) {
  if (!oids || oids.length === 0) return undefined
  const key = oids.join(',')
  let parsers = rawParsers.get(key)
  if (!parsers) {
    parsers = Object.fromEntries(oids.map((oid) => [oid, (/** @type {string} */ value) => value]))
    rawParsers.set(key, parsers)
  }
  return parsers
}

/** @param {{ rowMode?: 'array' | 'object', rawTypes?: number[], blob?: Blob, paramTypes?: number[] } | undefined} options */
function queryOptions(options) {
  if (!options) return undefined
  const { rawTypes, ...rest } = options
  return { ...rest, parsers: parsersFor(rawTypes) }
}

/** @param {PGlite} pg @param {number | undefined} id */
function target(pg, id) {
  if (id === undefined) return pg
  const open = transactions.get(id)
  if (!open) throw new Error('The transaction has already ended.')
  return open.tx
}

/** Starts a transaction and answers its id once BEGIN has run; it stays open until commit or rollback. */
function begin(/** @type {PGlite} */ pg) {
  return new Promise((started, failed) => {
    const id = nextTransaction++
    const ended = pg.transaction(
      (tx) =>
        new Promise((commit, rollback) => {
          transactions.set(id, {
            tx,
            commit: () => commit(undefined),
            rollback: () => rollback(ROLLBACK),
            ended,
          })
          started(id)
        }),
    )
    ended.catch(failed).finally(() => transactions.delete(id))
  })
}

/** Commits or rolls back; a COMMIT PGlite turns into a rollback (an aborted transaction) is an error. */
async function end(/** @type {number} */ id, /** @type {boolean} */ commit) {
  const open = transactions.get(id)
  if (!open) throw new Error('The transaction has already ended.')
  if (commit) open.commit()
  else open.rollback()
  try {
    await open.ended
  } catch (error) {
    if (error !== ROLLBACK) throw error
  }
}

/** @param {PGlite} pg @param {any} message */
async function handle(pg, message) {
  switch (message.op) {
    case 'query':
      return target(pg, message.tx).query(message.sql, message.params, queryOptions(message.options))
    case 'exec':
      return target(pg, message.tx).exec(message.sql, queryOptions(message.options))
    case 'begin':
      return begin(pg)
    case 'commit':
      return end(message.tx, true)
    case 'rollback':
      return end(message.tx, false)
    case 'dump':
      return pg.dumpDataDir('none')
    case 'close':
      return pg.close()
    default:
      throw new Error(`Unknown message ${message.op}`)
  }
}

/** A driver error as plain data: its message and own fields (code, detail, constraint…), no functions. */
function plainError(/** @type {any} */ error) {
  const fields = {}
  if (error && typeof error === 'object')
    for (const [key, value] of Object.entries(error))
      if (typeof value !== 'function' && key !== 'queryOptions') fields[key] = value
  return { message: String(error?.message ?? error), name: error?.name ?? 'Error', fields }
}

/** @param {number} id @param {Promise<unknown>} work */
function answer(id, work) {
  work.then(
    (result) => {
      try {
        port.postMessage({ id, result })
      } catch (error) {
        port.postMessage({ id, error: plainError(error) })
      }
    },
    (error) => port.postMessage({ id, error: plainError(error) }),
  )
}

const BYTEA = 17

/**
 * bytea as PGlite writes and reads it (`\x` and hex), with Node's native hex codec: PGlite's own maps
 * every byte through an array of strings, which took 20–28 s for a 20 MiB document on a loaded machine.
 */
const byteaSerializers = {
  [BYTEA]: (/** @type {unknown} */ value) => {
    if (!(value instanceof Uint8Array)) throw new Error('Invalid input for bytea type')
    return '\\x' + Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('hex')
  },
}
const byteaParsers = {
  // A copy into its own ArrayBuffer: a small Buffer is a view of Node's shared pool.
  [BYTEA]: (/** @type {string} */ text) => new Uint8Array(Buffer.from(text.slice(2), 'hex')),
}

const opening = PGlite.create(workerData.dataDir, {
  serializers: byteaSerializers,
  parsers: byteaParsers,
  ...(workerData.loadDataDir ? { loadDataDir: workerData.loadDataDir } : {}),
})
answer(
  0,
  opening.then(() => undefined),
)
opening.then(
  (pg) => port.on('message', (message) => answer(message.id, handle(pg, message))),
  () => undefined, // answered above; the client then ends this thread
)
