import { useState } from 'react'
import Button from 'react-bootstrap/Button'
import { api, describeError } from '../api/client'
import { saveBlob } from '../api/save-blob'

/** `GET {data}/api/InstrumentTestRecord/Record/{id}/certificate.pdf`, fetched with the bearer token. */
async function downloadCertificate(recordId: number): Promise<void> {
  const path = `/api/InstrumentTestRecord/Record/${recordId}/certificate.pdf`
  const res = await api.get<Response>('data', path, { raw: true })
  saveBlob(await res.blob(), `certificate-${recordId}.pdf`)
}

/**
 * 'Certificate (PDF)' (issue #16): downloads the record's test certificate. Busy while the server makes
 * it; a refusal (a record whose layout revision is gone) is said beside the button, nothing is saved.
 */
export function CertificateButton({
  recordId,
  size,
  label = 'Certificate (PDF)',
}: {
  recordId: number
  size?: 'sm'
  label?: string
}) {
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const click = async () => {
    setBusy(true)
    setError(null)
    try {
      await downloadCertificate(recordId)
    } catch (e) {
      setError(describeError(e))
    } finally {
      setBusy(false)
    }
  }
  return (
    <>
      <Button
        variant="outline-secondary"
        size={size}
        disabled={busy}
        aria-label={label === 'Certificate (PDF)' ? undefined : label}
        title={label}
        onClick={() => void click()}
      >
        {busy ? 'Preparing PDF…' : 'Certificate (PDF)'}
      </Button>
      {error && (
        <span role="alert" className="text-danger small ms-2">
          {error}
        </span>
      )}
    </>
  )
}
