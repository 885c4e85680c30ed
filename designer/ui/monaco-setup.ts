import { loader } from '@monaco-editor/react'
import * as monaco from 'monaco-editor/editor'
import { jsonDefaults, type JSONSchema } from 'monaco-editor/languages/features/json/register'
import EditorWorker from 'monaco-editor/editor/editor.worker?worker'
import JsonWorker from 'monaco-editor/languages/features/json/json.worker?worker'
// The editor contributions the JSON view uses: completion, hovers (schema texts, error messages), find
// and replace, folding, bracket matching, formatting (on paste), the right-click menu, line and word
// editing, F8 to the next error, and Ctrl+M (Tab then moves focus out of the editor). The other ~45
// are left out (docs/decisions.md); copy and paste are the browser's own.
import 'monaco-editor/editor/contrib/suggest/browser/suggestController'
import 'monaco-editor/features/hover/register'
import 'monaco-editor/features/find/register'
import 'monaco-editor/features/folding/register'
import 'monaco-editor/features/bracketMatching/register'
import 'monaco-editor/features/format/register'
import 'monaco-editor/features/contextmenu/register'
import 'monaco-editor/features/linesOperations/register'
import 'monaco-editor/features/wordOperations/register'
import 'monaco-editor/features/cursorUndo/register'
import 'monaco-editor/features/smartSelect/register'
import 'monaco-editor/features/gotoError/register'
import 'monaco-editor/features/toggleTabFocusMode/register'
import 'monaco-editor/features/codicon/register'
import { formLayoutSchema } from '../../schemas/form-layout'

/**
 * Monaco from the installed package, with the JSON language only (never a CDN: the CSP allows
 * scripts and workers from this origin only). `monaco-editor/editor` is the core API without the
 * ~80 languages and the TypeScript, CSS and HTML services the package's main entry registers; the
 * JSON language brings its own worker. This module is imported by the lazy JSON view alone, so
 * Monaco stays out of the other routes' bundles.
 */

/** The JSON view's model path; the layout schema is attached to this file only. */
export const LAYOUT_MODEL_PATH = 'itr-form-layout.json'

self.MonacoEnvironment = {
  getWorker: (_id: string, label: string) => (label === 'json' ? new JsonWorker() : new EditorWorker()),
}

// The schema's relative $id would become the base of its '#/definitions' refs; the model URI is enough.
const { $id: _ignored, ...schema } = formLayoutSchema

jsonDefaults.setDiagnosticsOptions({
  validate: true,
  allowComments: false,
  enableSchemaRequest: false,
  schemaValidation: 'error',
  schemas: [
    {
      uri: 'inmemory://itr/form-layout.schema.json',
      fileMatch: [`*${LAYOUT_MODEL_PATH}`],
      schema: schema as unknown as JSONSchema,
    },
  ],
})

loader.config({ monaco })

export { monaco }
