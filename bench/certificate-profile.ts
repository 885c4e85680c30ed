import { parseArgs } from 'node:util'
import { Viewer } from '../server/access/viewer'
import { Certificates } from '../server/certificates/certificates'
import { certificateDocument, collect, drawCertificate } from '../server/certificates/certificate-pdf'
import { certificateRecord, copiesOf, zipOf } from './benchmarks/support/certificate-data'
import { createContext } from './support/context'
import { percentile } from './support/measure'
import { pgliteTarget } from './support/targets'

/**
 * `npx tsx bench/certificate-profile.ts [--count n] [--zip n]`: where a 300-control certificate's time
 * goes (docs/performance.md), on PGlite. For `count` certificates, one after another: reading the record
 * and building its model (the database), drawing it with pdfkit, and finishing the file (fonts
 * embedded, pages compressed); then a zip of `zip` records through the batch's own code. Run it under
 * `node --cpu-prof --import tsx` for a profile. A diagnostic, not a budget.
 */

const ms = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e6
/** CPU milliseconds (user + system) since `start`: on a loaded machine steadier than the wall clock. */
const cpuMs = (start: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(start)
  return (used.user + used.system) / 1000
}

async function main() {
  const { values } = parseArgs({
    options: { count: { type: 'string', default: '40' }, zip: { type: 'string', default: '200' } },
  })
  const target = pgliteTarget()
  const { database, dispose } = await target.open()
  const context = await createContext(target.kind, database)
  try {
    const { recordId, type } = await certificateRecord(context)
    const certificates = new Certificates(database.db, { title: 'ITR Studio', paper: 'A4' })
    const template = await certificates.template()
    const wall = { model: [] as number[], draw: [] as number[], finish: [] as number[] }
    const cpu = { model: [] as number[], draw: [] as number[], finish: [] as number[] }
    let bytes = 0
    const phase = async <T>(name: keyof typeof wall, work: () => Promise<T> | T): Promise<T> => {
      const [start, cpuStart] = [process.hrtime.bigint(), process.cpuUsage()]
      const result = await work()
      wall[name].push(ms(start))
      cpu[name].push(cpuMs(cpuStart))
      return result
    }
    for (let i = 0; i < Number(values.count); i++) {
      const model = await phase('model', () =>
        certificates.model(recordId, Viewer.system, 'https://itr.example'),
      )
      const doc = certificateDocument('Certificate', model.title, template.paper)
      const done = collect(doc)
      await phase('draw', () => drawCertificate(doc, model, template))
      bytes = await phase('finish', () => (doc.end(), done.then((b) => b.length)))
    }
    console.log(`${values.count} certificates of a 300-control record (${bytes} bytes each)`)
    const f = (list: number[], q: number) => percentile(list, q).toFixed(1).padStart(7)
    for (const name of ['model', 'draw', 'finish'] as const)
      console.log(
        `  ${name.padEnd(8)} wall p50 ${f(wall[name], 0.5)} ms  p95 ${f(wall[name], 0.95)} ms   CPU p50 ${f(cpu[name], 0.5)} ms`,
      )
    const count = Number(values.zip)
    if (count > 0) {
      const ids = await copiesOf(database.db, recordId, type, count)
      const [start, cpuStart] = [process.hrtime.bigint(), process.cpuUsage()]
      const zipped = await zipOf(database.db, ids)
      const [seconds, cpuSeconds] = [ms(start) / 1000, cpuMs(cpuStart) / 1000]
      console.log(
        `  zip of ${count}: ${seconds.toFixed(2)} s (CPU of all threads ${cpuSeconds.toFixed(2)} s), ` +
          `${((seconds * 1000) / count).toFixed(1)} ms a certificate, ${(zipped / 1024 / 1024).toFixed(1)} MB`,
      )
    }
  } finally {
    await context.app.close()
    await dispose()
  }
}

await main()
