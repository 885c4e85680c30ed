import { performance } from 'node:perf_hooks'
import { Ajv } from 'ajv'
import addErrors from 'ajv-errors'
import addFormats from 'ajv-formats'
import { compileDataSchema } from '../../schemas/form-layout/index'
import { emptyValues } from '../../runtime/compiler/index'
import { compileSchema as interpretSchema } from '../../runtime/validation/interpret-schema'
import { benchLayout } from '../runtime-demo/layouts'
import { compareLatency, latencyFigures } from '../support/measure'
import type { Benchmark } from '../types'

/**
 * The browser validates a record with the eval-free interpreter (runtime/validation) because the CSP has
 * no 'unsafe-eval'. The alternative (issue #13.6) is ajv's standalone code for each layout revision,
 * served as a same-origin module: what it runs is exactly what `ajv.compile` produces, so that is the
 * reference here. Measured on the 300-control benchmark layout: a whole record (Save) and first use
 * (compiling, or building the interpreter's validator). No database is involved.
 */
const benchmark: Benchmark = {
  name: 'record-validation',
  description: '300-control record validated by the eval-free interpreter, beside ajv-compiled code',
  async measure(_context, scale) {
    const layout = benchLayout(300)
    const { schema } = compileDataSchema(layout)
    const data = emptyValues(layout)
    const ajv = new Ajv({ allErrors: true, strict: false })
    addFormats(ajv)
    addErrors(ajv)
    const compiled = ajv.compile(schema)
    const interpreted = interpretSchema(schema, { formats: true })

    const firstUse = (build: () => (value: unknown) => boolean) => {
      const started = performance.now()
      build()(data)
      return performance.now() - started
    }
    const buildTimes = { interpreter: [] as number[], ajv: [] as number[] }
    for (let i = 0; i < Math.max(3, Math.round(10 * scale)); i++) {
      buildTimes.interpreter.push(firstUse(() => interpretSchema(structuredClone(schema), { formats: true })))
      const fresh = new Ajv({ allErrors: true, strict: false })
      addFormats(fresh)
      addErrors(fresh)
      buildTimes.ajv.push(firstUse(() => fresh.compile(structuredClone(schema))))
    }
    const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)]

    const measured = await compareLatency({
      iterations: Math.max(50, Math.round(500 * scale)),
      async subject() {
        interpreted(data)
      },
      async reference() {
        compiled(data)
      },
    })
    return [
      ...latencyFigures(measured, 'ajv code'),
      {
        label: 'first use',
        value: median(buildTimes.interpreter),
        unit: 'ms',
        reference: { label: 'ajv compile', value: median(buildTimes.ajv) },
      },
    ]
  },
}

export default benchmark
