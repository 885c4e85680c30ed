import zlib from 'node:zlib'

/** Zip's 32-bit size fields: an .xlsx part past 4 GiB would need Zip64, which this writer does not write. */
const MAX_SIZE = 0xffffffff
/** General purpose flags: bit 11, names are UTF-8; bit 3, sizes and CRC follow the data. */
const UTF8 = 0x0800
const DESCRIPTOR = 0x0008
/** Text bytes a streamed part may queue for zlib before `write` waits. */
const QUEUED = 8 * 1024 * 1024

interface Entry {
  name: Buffer
  flags: number
  crc: number
  compressed: number
  size: number
  offset: number
}

/** MS-DOS time and date of `at` (zip's modification time fields). */
function dosDateTime(at: Date): { time: number; date: number } {
  return {
    time: (at.getHours() << 11) | (at.getMinutes() << 5) | (at.getSeconds() >> 1),
    date: ((Math.max(1980, at.getFullYear()) - 1980) << 9) | ((at.getMonth() + 1) << 5) | at.getDate(),
  }
}

/**
 * A zip archive built in memory from deflated parts, for the .xlsx export: a large part (the sheet) is
 * streamed through zlib as its text is produced, so only the compressed archive is ever held, never the
 * part's text. Parts are deflated (method 8); streamed parts carry their CRC and sizes in a data
 * descriptor after the data, as zip allows and Excel, exceljs and unzip read.
 */
export class ZipWriter {
  private readonly chunks: Buffer[] = []
  private readonly entries: Entry[] = []
  private offset = 0
  private readonly stamp = dosDateTime(new Date())

  constructor(private readonly level = zlib.constants.Z_DEFAULT_COMPRESSION) {}

  private push(chunk: Buffer): void {
    this.chunks.push(chunk)
    this.offset += chunk.length
  }

  private localHeader(entry: Entry): Buffer {
    const header = Buffer.alloc(30)
    header.writeUInt32LE(0x04034b50, 0)
    header.writeUInt16LE(20, 4)
    header.writeUInt16LE(entry.flags, 6)
    header.writeUInt16LE(8, 8)
    header.writeUInt16LE(this.stamp.time, 10)
    header.writeUInt16LE(this.stamp.date, 12)
    header.writeUInt32LE(entry.crc, 14)
    header.writeUInt32LE(entry.compressed, 18)
    header.writeUInt32LE(entry.size, 22)
    header.writeUInt16LE(entry.name.length, 26)
    header.writeUInt16LE(0, 28)
    return Buffer.concat([header, entry.name])
  }

  /** Adds a small part whose whole content is at hand. */
  addFile(name: string, content: string): void {
    const data = Buffer.from(content, 'utf8')
    const deflated = zlib.deflateRawSync(data, { level: this.level })
    const entry: Entry = {
      name: Buffer.from(name, 'utf8'),
      flags: UTF8,
      crc: zlib.crc32(data),
      compressed: deflated.length,
      size: data.length,
      offset: this.offset,
    }
    this.entries.push(entry)
    this.push(this.localHeader(entry))
    this.push(deflated)
  }

  /**
   * Starts a streamed part: `write` its text in pieces (each awaits zlib, so at most one piece is held
   * uncompressed), then `end` it. No other part may be added until it has ended.
   */
  openFile(name: string): { write(text: string): Promise<void>; end(): Promise<void> } {
    const entry: Entry = {
      name: Buffer.from(name, 'utf8'),
      flags: UTF8 | DESCRIPTOR,
      crc: 0,
      compressed: 0,
      size: 0,
      offset: this.offset,
    }
    this.entries.push(entry)
    this.push(this.localHeader(entry))
    // Up to QUEUED bytes of text wait for zlib (which deflates on libuv's thread pool) while the caller
    // builds the next piece: reading, formatting and compressing overlap, and memory stays bounded.
    // ZlibOptions' type omits the stream options zlib passes on to its Transform.
    const deflate = zlib.createDeflateRaw({
      level: this.level,
      writableHighWaterMark: QUEUED,
    } as zlib.ZlibOptions)
    deflate.on('data', (chunk: Buffer) => {
      entry.compressed += chunk.length
      this.push(chunk)
    })
    let failure: Error | undefined
    const ended = new Promise<void>((resolve, reject) => {
      deflate.on('end', resolve)
      deflate.on('error', (error) => {
        failure = error
        reject(error)
      })
    })
    ended.catch(() => {})
    return {
      write: async (text) => {
        if (failure) throw failure
        const data = Buffer.from(text, 'utf8')
        entry.crc = zlib.crc32(data, entry.crc)
        entry.size += data.length
        if (entry.size > MAX_SIZE) throw new Error('The export is too large for one spreadsheet file.')
        if (!deflate.write(data))
          await new Promise<void>((resolve, reject) => {
            deflate.once('drain', resolve)
            deflate.once('error', reject)
          })
      },
      end: async () => {
        deflate.end()
        await ended
        if (entry.compressed > MAX_SIZE) throw new Error('The export is too large for one spreadsheet file.')
        const descriptor = Buffer.alloc(16)
        descriptor.writeUInt32LE(0x08074b50, 0)
        descriptor.writeUInt32LE(entry.crc, 4)
        descriptor.writeUInt32LE(entry.compressed, 8)
        descriptor.writeUInt32LE(entry.size, 12)
        this.push(descriptor)
      },
    }
  }

  /** The central directory and end record; answers the whole archive. */
  finish(): Buffer {
    const start = this.offset
    for (const entry of this.entries) {
      const record = Buffer.alloc(46)
      record.writeUInt32LE(0x02014b50, 0)
      record.writeUInt16LE(20, 4)
      record.writeUInt16LE(20, 6)
      record.writeUInt16LE(entry.flags, 8)
      record.writeUInt16LE(8, 10)
      record.writeUInt16LE(this.stamp.time, 12)
      record.writeUInt16LE(this.stamp.date, 14)
      record.writeUInt32LE(entry.crc, 16)
      record.writeUInt32LE(entry.compressed, 20)
      record.writeUInt32LE(entry.size, 24)
      record.writeUInt16LE(entry.name.length, 28)
      // extra, comment, disk, internal and external attributes: all zero.
      record.writeUInt32LE(entry.offset, 42)
      this.push(record)
      this.push(entry.name)
    }
    const end = Buffer.alloc(22)
    end.writeUInt32LE(0x06054b50, 0)
    end.writeUInt16LE(this.entries.length, 8)
    end.writeUInt16LE(this.entries.length, 10)
    end.writeUInt32LE(this.offset - start, 12)
    end.writeUInt32LE(start, 16)
    this.push(end)
    return Buffer.concat(this.chunks)
  }
}
