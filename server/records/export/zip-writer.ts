import { PassThrough } from 'node:stream'
import { once } from 'node:events'
import yazl from 'yazl'

/** Text bytes a streamed part may queue before `write` waits for the archive to take them. */
const QUEUED = 8 * 1024 * 1024

/**
 * A zip archive for the .xlsx export, over yazl (a well-kept streaming zip writer on node's zlib): small
 * parts are added whole, the large one (the sheet) is streamed as its text is produced, so only the
 * compressed archive is ever held, never the part's text. yazl writes Zip64 records when a part passes
 * 4 GiB and data descriptors for streamed parts, which Excel, exceljs and unzip read.
 */
export class ZipWriter {
  private readonly zip = new yazl.ZipFile()
  private readonly chunks: Buffer[] = []
  private readonly done: Promise<unknown>
  private readonly mtime = new Date()

  constructor() {
    this.zip.outputStream.on('data', (chunk: Buffer) => this.chunks.push(chunk))
    this.done = once(this.zip.outputStream, 'end')
    this.done.catch(() => {})
  }

  /** Adds a small part whose whole content is at hand. */
  addFile(name: string, content: string): void {
    this.zip.addBuffer(Buffer.from(content, 'utf8'), name, { mtime: this.mtime })
  }

  /**
   * Starts a streamed part: `write` its text in pieces (each waits while more than QUEUED bytes are
   * queued, so memory stays bounded while reading, formatting and compressing overlap), then `end` it.
   */
  openFile(name: string): { write(text: string): Promise<void>; end(): Promise<void> } {
    const input = new PassThrough({ highWaterMark: QUEUED })
    let failure: Error | undefined
    input.on('error', (error) => (failure = error))
    this.zip.addReadStream(input, name, { mtime: this.mtime })
    return {
      write: async (text) => {
        if (failure) throw failure
        if (!input.write(text, 'utf8')) await once(input, 'drain')
      },
      end: async () => {
        input.end()
        if (failure) throw failure
      },
    }
  }

  /** Ends the archive (central directory and end records) and answers it whole. */
  async finish(): Promise<Buffer> {
    this.zip.end()
    await this.done
    return Buffer.concat(this.chunks)
  }
}
