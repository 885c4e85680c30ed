import type { FastifyPluginAsync } from 'fastify'
import { ADMIN_VIEWS } from '../../schemas/roles'
import { certificateSettingsSchema, type CertificateSettings } from '../../schemas/settings'
import { CertificateSettingsRepository, checkLogo, checkPrintable } from './certificate-settings'

const tags = ['settings']
const PATH = '/api/Settings/certificate'

/**
 * Certificate template settings on {config} (issue #16.4): any signed-in user reads them (certificates,
 * the equipment label's logo); only an administrator changes them, audited like any other write.
 */
const settingsRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    PATH,
    {
      schema: {
        tags,
        summary: 'The organisation name, address line and logo printed on every certificate.',
        response: { 200: certificateSettingsSchema },
      },
    },
    async (request) => new CertificateSettingsRepository(request.db).get(),
  )

  app.put<{ Body: CertificateSettings }>(
    PATH,
    {
      config: { views: ADMIN_VIEWS, audit: { entity: 'certificateSettings', id: () => '1' } },
      schema: {
        tags,
        summary: 'Saves the certificate template settings (administrators only).',
        description:
          'The whole settings: organisation name (empty for the app title), address line, and the logo as a ' +
          'PNG or JPEG data URL of at most 512 KB (null for none). Answers the settings as saved.',
        body: certificateSettingsSchema,
        response: { 200: certificateSettingsSchema },
      },
    },
    async (request) => {
      if (request.body.logo) checkLogo(request.body.logo)
      checkPrintable(request.body)
      const repo = new CertificateSettingsRepository(request.db)
      await repo.put(request.body)
      return repo.get()
    },
  )
}

export default settingsRoutes
