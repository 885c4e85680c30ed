/**
 * Stands in, in the build, for monaco-editor's `vs/editor/browser/widget/diffEditor/diffEditorWidget.js`
 * and `.../multiDiffEditor/multiDiffEditorWidget.js` (see scripts/vite-monaco-json-only.ts). The core
 * API imports both for `editor.createDiffEditor` and `editor.createMultiFileDiffEditor`, which the JSON
 * view never calls: ~43 KB gzip (issue #17 point 6). Calling either now throws instead.
 */

const MISSING = "Monaco's diff editors are not in this build (designer/ui/monaco-no-diff-editor.ts)"

/** The diff editor's class, extended by Monaco's standalone diff editor: constructing it throws. */
export class DiffEditorWidget {
  constructor() {
    throw new Error(MISSING)
  }
}

/** The multi-file diff editor's class: constructing it throws. */
export class MultiDiffEditorWidget {
  constructor() {
    throw new Error(MISSING)
  }
}
