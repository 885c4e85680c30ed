import { parentPort } from 'node:worker_threads'
import type { CertificateModel } from './certificate-model'
import type { Thumbnail } from './certificate-images'
import { certificatePdf, type CertificateTemplate } from './certificate-pdf'

/** A render job as render-pool.ts posts it, and what the worker answers. */
export interface RenderJob {
  job: number
  model: CertificateModel
  template: CertificateTemplate
}
export type RenderAnswer = { job: number; pdf: Uint8Array } | { job: number; error: string } | 'ready'

// Buffers arrive as plain Uint8Arrays (structured clone); pdfkit reads images from Buffers.
const buffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
const revive = (t: Thumbnail): Thumbnail => ({ ...t, data: buffer(t.data) })

/** Draws certificates for the pool: one job at a time, each answered with its PDF or its error. */
const port = parentPort!
port.on('message', ({ job, model, template }: RenderJob) => {
  const images = model.images.map((i) => ({ ...i, image: revive(i.image) }))
  const logo = template.logo && revive(template.logo)
  certificatePdf({ ...model, images }, { ...template, logo }).then(
    (pdf) => port.postMessage({ job, pdf } satisfies RenderAnswer),
    (error: Error) => port.postMessage({ job, error: error.message } satisfies RenderAnswer),
  )
})
port.postMessage('ready' satisfies RenderAnswer)
