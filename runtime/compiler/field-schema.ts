/**
 * The per-variable data schema now lives with the layout schemas (schemas/form-layout/data-schema.ts)
 * so the server validates submissions with the very same rules; re-exported for the runtime's callers.
 */
export { fieldSchema, emptyValue } from '../../schemas/form-layout'
