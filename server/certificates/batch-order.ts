import type { Viewer } from '../access/viewer'
import type { CertificateModel } from './certificate-model'
import type { Certificates } from './certificates'

/** Records read in one go for a batch: a few statements for them all (certificate-reads.ts). */
const PAGE = 20

/**
 * The models of `ids` in order, read a page at a time; the next page is read while this one is drawn.
 * At most two pages are held, whatever the batch's size.
 */
export async function* modelsInOrder(
  certificates: Certificates,
  ids: readonly number[],
  viewer: Viewer,
  origin: string,
): AsyncGenerator<CertificateModel> {
  const page = (from: number) => {
    const models = certificates.models(ids.slice(from, from + PAGE), viewer, origin)
    // Awaited in its turn; a failure before then must not count as unhandled.
    models.catch(() => undefined)
    return models
  }
  let next = page(0)
  for (let from = 0; from < ids.length; from += PAGE) {
    const models = await next
    if (from + PAGE < ids.length) next = page(from + PAGE)
    yield* models
  }
}

/**
 * The PDFs of a batch in order, made ahead of the archive that takes them: up to `ahead` are queued
 * (being made by the render pool's workers) besides the one the archive is taking, so the workers are
 * never idle waiting for it, and memory holds `ahead` + 1 PDFs at most. `next()` is called once per
 * certificate, in order; a failure (a model that cannot be read, a PDF that cannot be drawn) is
 * answered in its place.
 */
export class PdfsInOrder {
  private readonly made: Promise<Buffer>[] = []
  private reading: Promise<void> | undefined
  private ended = false

  constructor(
    private readonly models: AsyncIterator<CertificateModel>,
    private readonly render: (model: CertificateModel) => Promise<Buffer>,
    private readonly ahead: number,
  ) {}

  /** The next certificate's PDF. */
  async next(): Promise<Buffer> {
    while (!this.made.length) {
      if (this.ended) throw new Error('No certificate is left in this batch.')
      await this.topUp()
    }
    const pdf = this.made.shift()!
    void this.topUp()
    return pdf
  }

  /** Starts PDFs until `ahead` are under way (one reader of the models at a time); never rejects. */
  private topUp(): Promise<void> {
    this.reading ??= (async () => {
      try {
        while (!this.ended && this.made.length < this.ahead) {
          const next = await this.models.next()
          if (next.done) this.ended = true
          else this.made.push(quiet(this.render(next.value)))
        }
      } catch (error) {
        this.made.push(quiet(Promise.reject(error as Error)))
        this.ended = true
      } finally {
        this.reading = undefined
      }
    })()
    return this.reading
  }
}

/** `promise` itself, marked as handled: it is awaited in its turn, maybe after it settled. */
function quiet<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => undefined)
  return promise
}
