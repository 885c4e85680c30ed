import type { ErrorObject } from 'ajv'
import { checkTemplate, expandTemplate } from './message-template'

/**
 * ajv-errors' `errorMessage` keyword for the interpreting validator, step for step as the plugin's
 * generated code does it (ajv-errors 3): keyword messages, keyword-per-property messages (`required`),
 * child messages (`properties`, `items`), then `_`/the string form for everything else under the
 * schema; the errors it replaces travel in `params.errors` and leave the list. Templates (`${0}`) are
 * expanded from the schema's value (message-template.ts).
 */

type Used = ErrorObject & { emUsed?: boolean }

const KEYWORD_PROPERTY_PARAMS: Record<string, string> = {
  required: 'missingProperty',
  dependencies: 'property',
  dependentRequired: 'property',
}

/** What `errorMessage` at one schema needs to know about where it runs. */
export interface ErrorMessageContext {
  errors: ErrorObject[]
  instancePath: string
  /** The schema's own path ('#', '#/properties/a'). */
  schemaPath: string
  data: unknown
  /** Adds one `errorMessage` error at the current value (verbose fields included when asked). */
  report(message: string | undefined, params: { errors: ErrorObject[] }): ErrorObject
}

/** Throws for a template the interpreter does not implement, so no schema silently shows other text. */
export function checkErrorMessage(value: unknown): void {
  const texts =
    typeof value === 'string'
      ? [value]
      : Object.values(value as object).flatMap((v) =>
          typeof v === 'object' ? Object.values(v as object) : [v],
        )
  for (const text of texts) if (typeof text === 'string') checkTemplate(text)
}

/** Applies `errorMessage` (`value`) once the schema's other keywords have run. */
export function applyErrorMessage(value: unknown, context: ErrorMessageContext): void {
  if (context.errors.length === 0) return
  // Every message goes out expanded, with the data of the schema that holds `errorMessage`.
  const c: ErrorMessageContext = {
    ...context,
    report: (message, params) =>
      context.report(typeof message === 'string' ? expandTemplate(message, context.data) : message, params),
  }
  const { instancePath, schemaPath } = c
  const errors = c.errors as Used[]
  const matchKeyword = (err: Used, keys: object) =>
    err.keyword !== 'errorMessage' &&
    !err.emUsed &&
    err.instancePath === instancePath &&
    err.keyword in keys &&
    err.schemaPath.indexOf(schemaPath) === 0 &&
    /^\/[^/]*$/.test(err.schemaPath.slice(schemaPath.length))

  if (typeof value === 'object' && value !== null) {
    const em = value as Record<string, unknown>
    const kwdErrors: Record<string, Used[]> = {}
    const kwdPropErrors: Record<string, Record<string, Used[]>> = {}
    let hasKwd = false
    let hasProp = false
    for (const k in em) {
      if (k === 'properties' || k === 'items') continue
      if (typeof em[k] === 'object') {
        hasProp = true
        kwdPropErrors[k] = Object.fromEntries(Object.keys(em[k] as object).map((p) => [p, []]))
      } else {
        hasKwd = true
        kwdErrors[k] = []
      }
    }
    if (hasKwd) {
      for (const err of errors)
        if (matchKeyword(err, kwdErrors)) {
          kwdErrors[err.keyword].push(err)
          err.emUsed = true
        }
      for (const key in kwdErrors)
        if (kwdErrors[key].length) c.report(em[key] as string, { errors: kwdErrors[key] })
    }
    if (hasProp) {
      for (const err of errors)
        if (matchKeyword(err, kwdPropErrors)) {
          const param = KEYWORD_PROPERTY_PARAMS[err.keyword]
          const list = kwdPropErrors[err.keyword][(err.params as Record<string, string>)[param]]
          if (list) {
            list.push(err)
            err.emUsed = true
          }
        }
      for (const key in kwdPropErrors)
        for (const prop in kwdPropErrors[key]) {
          const list = kwdPropErrors[key][prop]
          if (list.length) c.report((em[key] as Record<string, string>)[prop], { errors: list })
        }
    }
    childErrors(em, c)
  }
  const all = typeof value === 'string' ? value : (value as { _?: string })._
  if (all) {
    const matched: Used[] = []
    for (const err of errors)
      if (
        err.keyword !== 'errorMessage' &&
        !err.emUsed &&
        (err.instancePath === instancePath ||
          (err.instancePath.indexOf(instancePath) === 0 && err.instancePath[instancePath.length] === '/')) &&
        err.schemaPath.indexOf(schemaPath) === 0 &&
        err.schemaPath[schemaPath.length] === '/'
      ) {
        matched.push(err)
        err.emUsed = true
      }
    if (matched.length) c.report(all, { errors: matched })
  }
  const kept = errors.filter((e) => !e.emUsed)
  c.errors.splice(0, c.errors.length, ...kept)
}

/** `properties`/`items` messages: errors anywhere under a named child. */
function childErrors(em: Record<string, unknown>, c: ErrorMessageContext): void {
  const { properties, items } = em as { properties?: Record<string, string>; items?: ArrayLike<string> }
  if (!properties && !items) return
  const isObj = typeof c.data == 'object'
  const isArr = Array.isArray(c.data)
  let messages: Record<string, string> | ArrayLike<string>
  let children: Record<string, Used[]>
  if (properties && items) {
    if (!isObj) return
    messages = isArr ? items : properties
  } else if (items) {
    if (!isArr) return
    messages = items
  } else {
    if (!(isObj && !isArr)) return
    messages = properties!
  }
  if (messages === items) {
    // ajv-errors walks `items` by index even when it is a string (then each character is a "message").
    children = {}
    for (let i = 0; i < items!.length; i++) children[i] = []
  } else children = Object.fromEntries(Object.keys(messages).map((p) => [p, []]))
  for (const err of c.errors as Used[]) {
    if (err.keyword === 'errorMessage' || err.emUsed || err.instancePath.indexOf(c.instancePath) !== 0)
      continue
    const match = /^\/([^/]*)(?:\/|$)/.exec(err.instancePath.slice(c.instancePath.length))
    const child = match && match[1].replace(/~1/g, '/').replace(/~0/g, '~')
    if (child !== null && child in children) {
      children[child].push(err)
      err.emUsed = true
    }
  }
  for (const key in children)
    if (children[key].length) {
      const error = c.report((messages as Record<string, string>)[key], { errors: children[key] })
      error.instancePath = `${c.instancePath}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`
    }
}
