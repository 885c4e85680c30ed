import os from 'node:os'
import { Worker } from 'node:worker_threads'
import type { CertificateModel } from './certificate-model'
import { certificatePdf, type CertificateTemplate } from './certificate-pdf'
import type { RenderAnswer } from './render-worker'

/**
 * Certificates drawn in worker threads, one per core (at most MAX_WORKERS), for the batch zip: drawing
 * is nearly all of a certificate's time and runs on one thread, so a batch of 1,000 would otherwise use
 * one core while the database and the zip wait their turn. A model is plain data (text and thumbnail
 * bytes), so it crosses to a worker as it is; the worker answers the PDF. Each worker parses the fonts
 * once and keeps its own caches. Workers start with the first batch and stop after IDLE_MS without
 * work; they never keep the process alive. When workers cannot start (one core, or a worker failing to
 * load), certificates are drawn on the calling thread, as a single certificate always is.
 */

const MAX_WORKERS = 4
const IDLE_MS = 30_000

interface Pending {
  resolve(pdf: Buffer): void
  reject(error: Error): void
}

/** One worker and the jobs it has been given. */
interface Slot {
  worker: Worker
  ready: Promise<void>
  jobs: Map<number, Pending>
}

export class RenderPool {
  private slots: Slot[] = []
  private nextJob = 0
  private idle: NodeJS.Timeout | undefined
  private broken = false

  constructor(private readonly size: number) {}

  /** The certificate as a PDF, drawn by the least busy worker (or here, when workers cannot run). */
  async render(model: CertificateModel, template: CertificateTemplate): Promise<Buffer> {
    if (this.broken || this.size < 1) return certificatePdf(model, template)
    this.keepAlive()
    const slot = this.leastBusy()
    try {
      await slot.ready
    } catch {
      return certificatePdf(model, template)
    }
    const job = ++this.nextJob
    return new Promise<Buffer>((resolve, reject) => {
      slot.jobs.set(job, { resolve, reject })
      slot.worker.postMessage({ job, model, template })
    })
  }

  /** Stops every worker (their jobs fail). */
  async close(): Promise<void> {
    clearTimeout(this.idle)
    const slots = this.slots
    this.slots = []
    await Promise.all(slots.map((s) => s.worker.terminate()))
  }

  private leastBusy(): Slot {
    while (this.slots.length < this.size) this.slots.push(this.start())
    return this.slots.reduce((a, b) => (b.jobs.size < a.jobs.size ? b : a))
  }

  private keepAlive() {
    clearTimeout(this.idle)
    this.idle = setTimeout(() => {
      if (this.slots.every((s) => s.jobs.size === 0)) void this.close()
      else this.keepAlive()
    }, IDLE_MS)
    this.idle.unref()
  }

  private start(): Slot {
    const worker = new Worker(new URL('./render-worker.mjs', import.meta.url))
    worker.unref()
    const jobs = new Map<number, Pending>()
    let started = false
    const ready = new Promise<void>((resolve, reject) => {
      worker.on('message', (answer: RenderAnswer) => {
        if (answer === 'ready') {
          started = true
          return resolve()
        }
        const pending = jobs.get(answer.job)
        jobs.delete(answer.job)
        if ('pdf' in answer)
          pending?.resolve(Buffer.from(answer.pdf.buffer, answer.pdf.byteOffset, answer.pdf.byteLength))
        else pending?.reject(new Error(answer.error))
      })
      worker.on('error', (error) => {
        // A worker that cannot even load means workers do not work here: draw on this thread from now on.
        if (!started) this.broken = true
        reject(error)
        for (const pending of jobs.values()) pending.reject(error)
        jobs.clear()
        this.slots = this.slots.filter((s) => s.worker !== worker)
      })
    })
    ready.catch(() => undefined)
    const slot: Slot = { worker, ready, jobs }
    worker.on('exit', () => {
      for (const pending of jobs.values()) pending.reject(new Error('The certificate worker stopped.'))
      jobs.clear()
      this.slots = this.slots.filter((s) => s !== slot)
    })
    return slot
  }
}

let shared: RenderPool | undefined

/** The process's pool: one worker per core, none on a single core. */
export function renderPool(): RenderPool {
  shared ??= new RenderPool(
    Math.min(MAX_WORKERS, os.availableParallelism() > 1 ? os.availableParallelism() : 0),
  )
  return shared
}
