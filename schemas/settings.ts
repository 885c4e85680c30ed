import type { FromSchema } from 'json-schema-to-ts'
import { closedBody } from './entities/closed-body'

/**
 * Certificate template settings (issue #16.4, beyond SPEC): the organisation name, an address line and a
 * logo printed on every test certificate; the logo is also the one on the test equipment label (SPEC §2).
 * Shared by the server (route schema, checks) and the SPA (the settings screen validates before saving).
 */

/** The largest logo accepted, in bytes. */
export const LOGO_MAX_BYTES = 512 * 1024
/** Content types a logo may have (what a certificate can embed). */
export const LOGO_TYPES = ['image/png', 'image/jpeg'] as const

const DATA_URL_PREFIX = 'data:image/jpeg;base64,'.length
/** A data URL of LOGO_MAX_BYTES bytes is at most this long (base64 is 4 characters per 3 bytes). */
export const LOGO_MAX_DATA_URL = DATA_URL_PREFIX + 4 * Math.ceil(LOGO_MAX_BYTES / 3)

export const SETTINGS_MESSAGES = {
  logoTooLarge: `The logo is larger than the ${LOGO_MAX_BYTES / 1024} KB limit; choose a smaller PNG or JPEG image.`,
  logoType: 'The logo must be a PNG or JPEG image.',
  logoUnreadable: 'The logo could not be read as a PNG or JPEG image.',
  organisationName: 'The organisation name may be at most 200 characters.',
  addressLine: 'The address line may be at most 300 characters.',
  organisationNameText: 'The organisation name must be text.',
  addressLineText: 'The address line must be text.',
  saved: 'Certificate settings saved.',
  adminOnly: 'Only an administrator can change the certificate settings.',
  unprintable: (field: string, chars: readonly string[]) =>
    `The certificate cannot print these characters of the ${field}: ${chars.join(' ')}. Its font covers Latin, Greek, Cyrillic, Hebrew and Arabic letters.`,
} as const

/**
 * Body of `PUT {config}/api/Settings/certificate` and its GET answer (so the GET answer can be sent back
 * as it is). Any other key is refused naming it (closed-body.ts).
 */
export const certificateSettingsSchema = {
  $id: 'CertificateSettings',
  type: 'object',
  required: ['organisationName', 'addressLine', 'logo'],
  ...closedBody('certificate settings', {
    organisationName: {
      type: 'string',
      maxLength: 200,
      title: 'Organisation name',
      description: 'Printed at the top of every certificate; empty means the app title (APP_TITLE).',
      errorMessage: {
        maxLength: SETTINGS_MESSAGES.organisationName,
        type: SETTINGS_MESSAGES.organisationNameText,
      },
    },
    addressLine: {
      type: 'string',
      maxLength: 300,
      title: 'Address line',
      errorMessage: { maxLength: SETTINGS_MESSAGES.addressLine, type: SETTINGS_MESSAGES.addressLineText },
    },
    logo: {
      type: ['string', 'null'],
      title: 'Logo',
      description: `A PNG or JPEG image as a data URL (data:image/png;base64,…), at most ${LOGO_MAX_BYTES / 1024} KB; null for none.`,
      maxLength: LOGO_MAX_DATA_URL,
      pattern: '^data:image/(png|jpeg);base64,[A-Za-z0-9+/]+={0,2}$',
      errorMessage: {
        maxLength: SETTINGS_MESSAGES.logoTooLarge,
        pattern: SETTINGS_MESSAGES.logoType,
        type: SETTINGS_MESSAGES.logoType,
      },
    },
  }),
} as const

export type CertificateSettings = FromSchema<typeof certificateSettingsSchema>

/** The settings before an administrator has saved any: the certificate then shows APP_TITLE alone. */
export const EMPTY_CERTIFICATE_SETTINGS: CertificateSettings = {
  organisationName: '',
  addressLine: '',
  logo: null,
}
