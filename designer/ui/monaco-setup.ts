import { loader } from '@monaco-editor/react'
import * as monaco from 'monaco-editor'
import EditorWorker from 'monaco-editor/editor/editor.worker?worker'
import JsonWorker from 'monaco-editor/languages/features/json/json.worker?worker'
import { formLayoutSchema } from '../../schemas/form-layout'

/**
 * Monaco from the installed package (never a CDN: the CSP allows scripts and workers from this
 * origin only). This module is imported by the lazy JSON view alone, so Monaco stays out of the
 * initial bundle. Worker paths are those of monaco-editor 0.56+ (esm/vs/editor/editor.worker.js,
 * esm/vs/languages/features/json/json.worker.js).
 */

/** The JSON view's model path; the layout schema is attached to this file only. */
export const LAYOUT_MODEL_PATH = 'itr-form-layout.json'

self.MonacoEnvironment = {
  getWorker: (_id: string, label: string) => (label === 'json' ? new JsonWorker() : new EditorWorker()),
}

// The schema's relative $id would become the base of its '#/definitions' refs; the model URI is enough.
const { $id: _ignored, ...schema } = formLayoutSchema

monaco.json.jsonDefaults.setDiagnosticsOptions({
  validate: true,
  allowComments: false,
  enableSchemaRequest: false,
  schemaValidation: 'error',
  schemas: [
    {
      uri: 'inmemory://itr/form-layout.schema.json',
      fileMatch: [`*${LAYOUT_MODEL_PATH}`],
      schema: schema as unknown as monaco.json.JSONSchema,
    },
  ],
})

loader.config({ monaco })

export { monaco }
