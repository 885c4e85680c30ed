import { createHash } from 'node:crypto'
import { eq } from 'drizzle-orm'
import {
  EMPTY_CERTIFICATE_SETTINGS,
  LOGO_MAX_BYTES,
  SETTINGS_MESSAGES,
  certificateSettingsSchema,
  type CertificateSettings,
} from '../../schemas/settings'
import type { Db } from '../db/client'
import { appSettings } from '../db/schema/index'
import { badRequest } from '../http-error'
import { imageKind, thumbnailOf } from '../certificates/certificate-images'
import { unprintable } from '../certificates/certificate-fonts'
import type { CertificateTemplate, Paper } from '../certificates/certificate-pdf'

/** The app_settings key the certificate template is kept under, as JSON. */
const KEY = 'certificate_template'

/** The bytes of a logo data URL and the type it declares. */
export function logoBytes(dataUrl: string): { type: string; bytes: Buffer } {
  const match = /^data:(image\/(?:png|jpeg));base64,(.*)$/s.exec(dataUrl)
  if (!match) throw badRequest(SETTINGS_MESSAGES.logoType)
  return { type: match[1], bytes: Buffer.from(match[2], 'base64') }
}

/**
 * What a saved logo must be, beyond the JSON Schema: at most LOGO_MAX_BYTES decoded, bytes of the type
 * it declares, and an image a certificate can draw (decoded once here, so a certificate never meets a
 * logo it cannot show).
 */
export function checkLogo(dataUrl: string): void {
  const { type, bytes } = logoBytes(dataUrl)
  if (bytes.length > LOGO_MAX_BYTES) throw badRequest(SETTINGS_MESSAGES.logoTooLarge)
  const kind = imageKind(bytes)
  if (!kind || `image/${kind}` !== type) throw badRequest(SETTINGS_MESSAGES.logoUnreadable)
  if ('error' in thumbnailOf(bytes)) throw badRequest(SETTINGS_MESSAGES.logoUnreadable)
}

/**
 * The texts print on every certificate, so each character must be one its font has: text it cannot
 * print (CJK, control characters) would come out blank there, silently (fourth audit).
 */
export function checkPrintable(
  settings: Pick<CertificateSettings, 'organisationName' | 'addressLine'>,
): void {
  for (const [field, text] of [
    ['organisation name', settings.organisationName],
    ['address line', settings.addressLine],
  ] as const) {
    const chars = unprintable(text)
    if (chars.length) throw badRequest(SETTINGS_MESSAGES.unprintable(field, chars))
  }
}

/** The certificate template settings in app_settings (one JSON row; none until an admin saves). */
export class CertificateSettingsRepository {
  constructor(private readonly db: Db) {}

  /** The saved settings, or undefined when none were ever saved. */
  async stored(): Promise<CertificateSettings | undefined> {
    const [row] = await this.db.select().from(appSettings).where(eq(appSettings.key, KEY))
    if (!row) return undefined
    const value = JSON.parse(row.value) as Partial<CertificateSettings>
    const known = Object.keys(certificateSettingsSchema.properties)
    return {
      ...EMPTY_CERTIFICATE_SETTINGS,
      ...Object.fromEntries(Object.entries(value).filter(([k]) => known.includes(k))),
    }
  }

  /** The settings as the screens and certificates read them (empty ones before any save). */
  async get(): Promise<CertificateSettings> {
    return (await this.stored()) ?? EMPTY_CERTIFICATE_SETTINGS
  }

  async put(settings: CertificateSettings): Promise<void> {
    const value = JSON.stringify({
      organisationName: settings.organisationName.trim(),
      addressLine: settings.addressLine.trim(),
      logo: settings.logo,
    })
    await this.db
      .insert(appSettings)
      .values({ key: KEY, value })
      .onConflictDoUpdate({ target: appSettings.key, set: { value } })
  }

  /**
   * The settings as the audit trail records them: the logo as its type, size and SHA-256, not its bytes
   * (a changed logo shows as a changed digest). Undefined before the first save.
   */
  async forAudit(): Promise<Record<string, unknown> | undefined> {
    const stored = await this.stored()
    if (!stored) return undefined
    const logo = stored.logo ? logoBytes(stored.logo) : null
    return {
      organisationName: stored.organisationName,
      addressLine: stored.addressLine,
      logo: logo && {
        type: logo.type,
        bytes: logo.bytes.length,
        sha256: createHash('sha256').update(logo.bytes).digest('hex'),
      },
    }
  }

  /** What every certificate carries: the name (the app title when none is set), address and logo. */
  async template(title: string, paper: Paper): Promise<CertificateTemplate> {
    const settings = await this.get()
    let logo: CertificateTemplate['logo'] = null
    if (settings.logo) {
      const thumb = thumbnailOf(logoBytes(settings.logo).bytes)
      logo = 'error' in thumb ? null : thumb
    }
    return {
      organisation: settings.organisationName || title,
      address: settings.addressLine,
      logo,
      paper,
    }
  }
}
