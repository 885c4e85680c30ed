import { LOGO_MAX_BYTES, LOGO_TYPES, SETTINGS_MESSAGES } from '../../../schemas/settings'

/**
 * A chosen logo file as the data URL the settings carry, or the message the server would give: checked
 * here first (type and size), so a 5 MB photo is refused at once instead of after its upload.
 */
export async function logoDataUrl(file: File): Promise<{ dataUrl: string } | { error: string }> {
  const type =
    file.type || (/\.png$/i.test(file.name) ? 'image/png' : /\.jpe?g$/i.test(file.name) ? 'image/jpeg' : '')
  if (!(LOGO_TYPES as readonly string[]).includes(type)) return { error: SETTINGS_MESSAGES.logoType }
  if (file.size > LOGO_MAX_BYTES) return { error: SETTINGS_MESSAGES.logoTooLarge }
  const bytes = new Uint8Array(await file.arrayBuffer())
  let binary = ''
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
  return { dataUrl: `data:${type};base64,${btoa(binary)}` }
}
