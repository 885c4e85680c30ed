import { useCallback, useEffect, useState } from 'react'
import {
  EMPTY_CERTIFICATE_SETTINGS,
  SETTINGS_MESSAGES,
  type CertificateSettings,
} from '../../../schemas/settings'
import { firstSchemaError } from '../../../runtime/crud-form/schema-errors'
import { certificateSettingsSchema } from '../../../schemas/settings'
import { describeError } from '../../api/client'
import { useResource } from '../../api/use-resource'
import { useUnsavedChanges } from '../../components/use-unsaved-changes'
import { logoDataUrl } from './logo-file'
import { settingsApi } from '../../api/settings-api'

/**
 * Controller of /Settings: the saved certificate settings, the form's draft, the logo chosen (checked
 * before it is sent), Save with the same schema the server checks, and its outcome.
 */
export function useCertificateSettings() {
  const loaded = useResource((signal) => settingsApi.certificate(signal), [])
  const [draft, setDraft] = useState<CertificateSettings>(EMPTY_CERTIFICATE_SETTINGS)
  const [saved, setSaved] = useState<CertificateSettings>(EMPTY_CERTIFICATE_SETTINGS)
  const [error, setError] = useState<string | null>(null)
  const [success, setSuccess] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)

  useEffect(() => {
    if (!loaded.data) return
    setDraft(loaded.data)
    setSaved(loaded.data)
  }, [loaded.data])

  const dirty = JSON.stringify(draft) !== JSON.stringify(saved)
  // Its dialog must be rendered: a blocked navigation waits for its answer (the page showed none, so a
  // drawer link with unsaved changes did nothing at all).
  const unsaved = useUnsavedChanges(dirty)

  const change = useCallback((patch: Partial<CertificateSettings>) => {
    setSuccess(null)
    setDraft((d) => ({ ...d, ...patch }))
  }, [])

  const chooseLogo = useCallback(
    async (file: File | undefined) => {
      if (!file) return
      const read = await logoDataUrl(file)
      if ('error' in read) setError(read.error)
      else {
        setError(null)
        change({ logo: read.dataUrl })
      }
    },
    [change],
  )

  const save = useCallback(async () => {
    const body = {
      ...draft,
      organisationName: draft.organisationName.trim(),
      addressLine: draft.addressLine.trim(),
    }
    const invalid = firstSchemaError(certificateSettingsSchema, body)
    if (invalid) {
      setError(invalid)
      return
    }
    setSaving(true)
    setError(null)
    try {
      const result = await settingsApi.saveCertificate(body)
      setDraft(result)
      setSaved(result)
      setSuccess(SETTINGS_MESSAGES.saved)
    } catch (e) {
      setError(describeError(e))
    } finally {
      setSaving(false)
    }
  }, [draft])

  return {
    loaded,
    draft,
    dirty,
    unsavedDialog: unsaved.dialog,
    change,
    chooseLogo,
    save,
    saving,
    error,
    success,
    clearError: () => setError(null),
  }
}
