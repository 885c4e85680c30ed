import { useAtomValue } from 'jotai'
import Button from 'react-bootstrap/Button'
import Card from 'react-bootstrap/Card'
import Form from 'react-bootstrap/Form'
import { LOGO_MAX_BYTES, SETTINGS_MESSAGES } from '../../../schemas/settings'
import { appConfig } from '../../api/app-config'
import { Banner } from '../../components/banner'
import { PageHeader } from '../../components/page-header'
import { PageState } from '../../components/page-state'
import { sessionAtom } from '../../session/session-atoms'
import { useCertificateSettings } from './use-certificate-settings'

/** How the top of a certificate will read with the draft settings (the PDF's letterhead, in small). */
function LetterheadPreview({ name, address, logo }: { name: string; address: string; logo: string | null }) {
  return (
    <figure
      className="certificate-preview border rounded p-3 mb-0 bg-white"
      aria-label="Certificate header preview"
    >
      <div className="d-flex align-items-start gap-3">
        {logo && <img src={logo} alt="Logo" className="certificate-preview-logo" />}
        <div className="min-w-0">
          <div className="fw-bold text-break">{name}</div>
          {address && <div className="small text-secondary text-break">{address}</div>}
        </div>
      </div>
      <div className="certificate-preview-title mt-2">Test certificate</div>
      <figcaption className="small text-secondary mt-1">Certificate header preview</figcaption>
    </figure>
  )
}

/** The logo: the one set (with Remove) and a file input for another. */
function LogoField({ settings }: { settings: ReturnType<typeof useCertificateSettings> }) {
  return (
    <Form.Group className="mb-3" controlId="settings-logo">
      <Form.Label>Logo</Form.Label>
      {settings.draft.logo ? (
        <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
          <img
            src={settings.draft.logo}
            alt="Current logo"
            className="settings-logo-preview border rounded p-1"
          />
          <Button variant="outline-secondary" size="sm" onClick={() => settings.change({ logo: null })}>
            Remove logo
          </Button>
        </div>
      ) : (
        <p className="small text-secondary mb-2">No logo: certificates show the organisation name alone.</p>
      )}
      <Form.Control
        type="file"
        accept="image/png,image/jpeg,.png,.jpg,.jpeg"
        onChange={(e) => {
          const input = e.target as HTMLInputElement
          void settings.chooseLogo(input.files?.[0]).then(() => (input.value = ''))
        }}
      />
      <Form.Text>
        PNG or JPEG, at most {LOGO_MAX_BYTES / 1024} KB. Also printed on test equipment labels.
      </Form.Text>
    </Form.Group>
  )
}

/**
 * /Settings (issue #16.4, beyond SPEC): the organisation name, address line and logo every test
 * certificate carries; the logo is also the one on the test equipment label. Administrators change
 * them; other views that reach the page see them read-only.
 */
export default function CertificateSettingsPage() {
  const admin = useAtomValue(sessionAtom)?.view === 'viewAll'
  const settings = useCertificateSettings()
  const { draft, change } = settings
  const title = appConfig().title
  return (
    <>
      <PageHeader title="Certificate Settings" />
      <PageState
        loading={settings.loaded.loading && !settings.loaded.data}
        error={settings.loaded.error}
        onRetry={settings.loaded.reload}
      >
        <Banner variant="success" message={settings.success} />
        <Banner variant="error" message={settings.error} onClose={settings.clearError} />
        {!admin && <Banner variant="warning" message={SETTINGS_MESSAGES.adminOnly} />}
        <div className="row g-3">
          <div className="col-12 col-lg-7">
            <Card>
              <Card.Body>
                <Form
                  onSubmit={(e) => {
                    e.preventDefault()
                    void settings.save()
                  }}
                >
                  <fieldset disabled={!admin || settings.saving}>
                    <Form.Group className="mb-3" controlId="settings-organisation">
                      <Form.Label>Organisation name</Form.Label>
                      <Form.Control
                        value={draft.organisationName}
                        maxLength={200}
                        placeholder={title}
                        onChange={(e) => change({ organisationName: e.target.value })}
                      />
                      <Form.Text>
                        Printed at the top of every certificate; left empty, certificates show “{title}”.
                      </Form.Text>
                    </Form.Group>
                    <Form.Group className="mb-3" controlId="settings-address">
                      <Form.Label>Address line</Form.Label>
                      <Form.Control
                        value={draft.addressLine}
                        maxLength={300}
                        placeholder="Street, town, postcode · telephone"
                        onChange={(e) => change({ addressLine: e.target.value })}
                      />
                    </Form.Group>
                    <LogoField settings={settings} />
                    <div className="d-flex gap-2">
                      <Button type="submit" variant="primary" disabled={!settings.dirty || settings.saving}>
                        {settings.saving ? 'Saving…' : 'Save'}
                      </Button>
                    </div>
                  </fieldset>
                </Form>
              </Card.Body>
            </Card>
          </div>
          <div className="col-12 col-lg-5">
            <LetterheadPreview
              name={draft.organisationName.trim() || title}
              address={draft.addressLine.trim()}
              logo={draft.logo}
            />
          </div>
        </div>
      </PageState>
      {settings.unsavedDialog}
    </>
  )
}
