/**
 * ajv-errors' message templates for the interpreting validator: `${pointer}` in an `errorMessage` text is
 * replaced by `JSON.stringify` of the data the pointer reaches, as the plugin's generated code does
 * (ajv-errors 3, `templateExpr`). So `${0}` under `propertyNames` gives the key in double quotes:
 * 'Unknown field in the supplier: "colour". …' (schemas/entities/closed-body.ts).
 *
 * Only pointers into the value the schema validates are implemented: `${0}` and `${0/a/b}`. Parent
 * levels (`${1}`), key names (`${0#}`) and absolute pointers (`${/a}`) would need the data's ancestry,
 * which the interpreter's nodes do not carry; a message using one fails to compile instead of showing
 * other text than the server's.
 */

const INTERPOLATION = /\$\{[^}]+\}/
const INTERPOLATION_REPLACE = /\$\{([^}]+)\}/g
/** ajv's relative JSON pointer (compile/validate getData); only level 0 without `#` is implemented. */
const RELATIVE_JSON_POINTER = /^([0-9]+)(#|\/(?:[^~]|~0|~1)*)?$/

/** The property names a supported pointer walks; throws for one the interpreter does not implement. */
function pointerSegments(pointer: string): string[] {
  const match = RELATIVE_JSON_POINTER.exec(pointer)
  // ajv-errors reads pointers out of the JSON-stringified message: one with a character that JSON (or
  // its \u2028/\u2029 escaping) changes is read escaped there. Not implemented here.
  const escaped = JSON.stringify(pointer) !== `"${pointer}"` || /[\u2028\u2029]/.test(pointer)
  if (!match || +match[1] !== 0 || match[2] === '#' || escaped)
    throw new Error(
      `errorMessage template \${${pointer}} is not supported by the interpreting validator` +
        ' (only ${0} and ${0/…})',
    )
  return (match[2] ?? '')
    .split('/')
    .filter((segment) => segment !== '')
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'))
}

/** Throws when `text` has a template the interpreter cannot expand (see above). */
export function checkTemplate(text: string): void {
  for (const [, pointer] of text.matchAll(INTERPOLATION_REPLACE)) pointerSegments(pointer)
}

/**
 * `text` with each `${pointer}` replaced as ajv-errors does: `data && data.a && data.a.b`, then
 * `JSON.stringify`. A text that is one template and nothing else is that value alone, which may be
 * undefined, as in the plugin's code (`"" + x + ""` is trimmed to `x`).
 */
export function expandTemplate(text: string, data: unknown): string | undefined {
  if (!INTERPOLATION.test(text)) return text
  const value = (pointer: string) => {
    let v = data
    for (const segment of pointerSegments(pointer)) {
      if (!v) break
      v = (v as Record<string, unknown>)[segment]
    }
    return JSON.stringify(v) as string | undefined
  }
  const whole = /^\$\{([^}]+)\}$/.exec(text)
  if (whole) return value(whole[1])
  return text.replace(INTERPOLATION_REPLACE, (_match, pointer: string) => String(value(pointer)))
}
