/**
 * What a scanned (or keyboard-wedge typed) code names — the one reader of SPEC §3's QR payloads, used by
 * the scan modal's callers, every serial box and the Home search cards (issue #18.3):
 * - a test equipment label: JSON `{"id":3,"t":"TE","s":"1001"}` (t is the prefix without its separator);
 * - a product's serial number text form: JSON `{"t":"NWT","s":"4001"}`, rendered `NWT:4001`;
 * - a URL of the app naming either: `…/Products?filter=productSerialNumber&value=NWT:4001` (the Home
 *   search's own address, SPEC §2; `/Records?…` too) or `…/TestEquipment/3`;
 * - anything else is the serial number as typed (trimmed), or for equipment a bare number is its id.
 */
export type ScannedCode =
  { kind: 'equipment'; id: number; serial?: string } | { kind: 'serial'; serial: string }

/** SPEC §9: the serial prefix separator. */
const SEPARATOR = ':'

/** `prefix:value` from SPEC §3's t and s; a prefix that already ends with the separator keeps just one. */
export function serialText(t: string, s: string): string {
  const prefix = t.trim()
  if (!prefix) return s.trim()
  return `${prefix.endsWith(SEPARATOR) ? prefix.slice(0, -SEPARATOR.length) : prefix}${SEPARATOR}${s.trim()}`
}

function fromJson(text: string): ScannedCode | null {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    return null
  }
  if (!json || typeof json !== 'object') return null
  const { id, t, s } = json as { id?: unknown; t?: unknown; s?: unknown }
  const serial =
    typeof s === 'string' || typeof s === 'number'
      ? serialText(typeof t === 'string' ? t : '', String(s))
      : ''
  if (Number.isInteger(id)) return { kind: 'equipment', id: id as number, ...(serial ? { serial } : {}) }
  return serial ? { kind: 'serial', serial } : null
}

function fromUrl(text: string): ScannedCode | null {
  if (!/^https?:\/\//i.test(text)) return null
  let url: URL
  try {
    url = new URL(text)
  } catch {
    return null
  }
  const equipment = /\/TestEquipment\/(\d+)\/?$/i.exec(url.pathname)
  if (equipment) return { kind: 'equipment', id: Number(equipment[1]) }
  const value = url.searchParams.get('value')?.trim()
  if (url.searchParams.get('filter') === 'productSerialNumber' && value)
    return { kind: 'serial', serial: value }
  return null
}

/** Reads a scanned or typed code; null for an empty one. */
export function parseScannedCode(text: string): ScannedCode | null {
  const trimmed = text.trim()
  if (!trimmed) return null
  if (trimmed.startsWith('{')) {
    const json = fromJson(trimmed)
    if (json) return json
  }
  return fromUrl(trimmed) ?? { kind: 'serial', serial: trimmed }
}

/**
 * The serial number a code gives a serial box: a payload or URL reduced to its serial, anything else as
 * typed (trimmed). An equipment URL has no serial in it and stays as it is.
 */
export function serialFromCode(text: string): string {
  const code = parseScannedCode(text)
  if (!code) return ''
  if (code.kind === 'serial') return code.serial
  return code.serial ?? text.trim()
}

/** What the test equipment picker looks up: an id (label payload, its URL, a bare number) or a serial. */
export function equipmentCodeOf(text: string): { id: number } | { serial: string } | null {
  const code = parseScannedCode(text)
  if (!code) return null
  if (code.kind === 'equipment') return { id: code.id }
  return /^\d+$/.test(code.serial) ? { id: Number(code.serial) } : { serial: code.serial }
}
