/** The designer's document model, commands, history and selectors (no React). */
export * from './document'
export * from './tree'
export * from './factories'
export * from './commands'
export * from './history'
export * from './selectors'
export * from './condition-rows'
export * from './table-columns'
