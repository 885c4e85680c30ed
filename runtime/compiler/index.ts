/** Form layout → rjsf compiler, per-field validation and change propagation (no React). */
export * from './types'
export { compileLayout, emptyValues, NO_PARAMS } from './compile-layout'
export { fieldUi } from './field-ui'
export * from './field-validation'
export * from './apply-change'
