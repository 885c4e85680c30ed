import type { FastifyPluginAsync } from 'fastify'
import records from './records'
import excelExport from './excel-export'
import downloadNow from './download-now'

/** The {data} host of SPEC §7: record browsing and the Excel export. */
const dataService: FastifyPluginAsync = async (app) => {
  await app.register(records)
  await app.register(excelExport)
  await app.register(downloadNow)
}

export default dataService
