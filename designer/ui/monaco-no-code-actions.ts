/**
 * Stands in, in the build, for monaco-editor's `vs/editor/contrib/codeAction/browser/codeActionController.js`
 * (see scripts/vite-monaco-json-only.ts). Only the marker hover imports it, to open the quick-fix menu
 * when a language offers fixes; the JSON language offers none, so the hover only ever says "No quick
 * fixes available" and the controller, with its action list widget (~20 KB gzip, issue #17 point 6),
 * is never reached. `get` finds no controller, which the hover already allows for.
 * Adding Monaco's code-action contribution to monaco-setup.ts needs this stand-in taken out first.
 */

/** The quick-fix controller of an editor: none in this build. */
export class CodeActionController {
  static readonly ID = 'editor.contrib.codeActionController'

  /** No editor has one. */
  static get(): null {
    return null
  }
}
