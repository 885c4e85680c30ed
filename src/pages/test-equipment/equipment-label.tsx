import { useEffect } from 'react'
import { createPortal } from 'react-dom'
import Button from 'react-bootstrap/Button'
import Modal from 'react-bootstrap/Modal'
import { QRCodeSVG } from 'qrcode.react'
import type { TestEquipment } from '../../../schemas/records'
import { qrPayload } from './calibration'
import { useResource } from '../../api/use-resource'
import { settingsApi } from '../../api/settings-api'
import './equipment-label.css'

/** SPEC §9: the label is 80 mm by 20 mm with the QR code at size 60. */
export const LABEL_SIZE = { widthMm: 80, heightMm: 20, qr: 60 } as const

// Only while the dialog is open: the printed page is the label alone, at the label's size.
const PRINT_CSS = `
@page { size: ${LABEL_SIZE.widthMm}mm ${LABEL_SIZE.heightMm}mm; margin: 0; }
@media print {
  html, body { margin: 0 !important; padding: 0 !important; background: #fff !important; }
  body > *:not(.label-print-root) { display: none !important; }
  .label-print-root { display: block !important; }
}`

/**
 * The label itself: logo, full serial number and the QR code of SPEC §3's payload. The logo is the
 * organisation's from the certificate settings (issue #16.4), the app's mark until one is set.
 */
export function EquipmentLabel({ item, logo }: { item: TestEquipment; logo?: string | null }) {
  return (
    <div className="equipment-label" data-testid="equipment-label">
      <img
        src={logo || '/favicon.svg'}
        alt={logo ? 'Organisation logo' : 'ITR Studio logo'}
        className="equipment-label-logo"
      />
      <span className="equipment-label-serial">{item.serialNumber.full}</span>
      <QRCodeSVG value={qrPayload(item)} size={LABEL_SIZE.qr} level="M" marginSize={0} />
    </div>
  )
}

/**
 * 'Print Test Equipment Label' (SPEC §2): a preview with Print and Close. Print prints only the label,
 * on an 80 × 20 mm page.
 */
export function PrintLabelDialog({
  item,
  show,
  onClose,
}: {
  item: TestEquipment
  show: boolean
  onClose: () => void
}) {
  // The same logo as the certificates; a failed read keeps the app's mark rather than blocking the print.
  const settings = useResource(
    (signal) => (show ? settingsApi.certificate(signal).catch(() => undefined) : Promise.resolve(undefined)),
    [show],
  )
  const logo = settings.data?.logo ?? null
  // The page title becomes the PDF's name when the label is saved rather than printed.
  useEffect(() => {
    if (!show) return
    const before = document.title
    document.title = `Label ${item.serialNumber.full}`
    return () => {
      document.title = before
    }
  }, [show, item.serialNumber.full])

  return (
    <>
      <Modal show={show} onHide={onClose} centered aria-labelledby="print-label-title">
        <Modal.Header closeButton>
          <Modal.Title id="print-label-title" as="h2" className="h5">
            Print Test Equipment Label
          </Modal.Title>
        </Modal.Header>
        <Modal.Body className="d-flex flex-column align-items-center gap-2">
          <div className="equipment-label-preview" aria-label="Label preview">
            <EquipmentLabel item={item} logo={logo} />
          </div>
          <small className="text-secondary">
            {LABEL_SIZE.widthMm} mm × {LABEL_SIZE.heightMm} mm
          </small>
        </Modal.Body>
        <Modal.Footer>
          <Button onClick={() => window.print()}>Print</Button>
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
        </Modal.Footer>
      </Modal>
      {show &&
        createPortal(
          <div className="label-print-root" aria-hidden="true">
            <style>{PRINT_CSS}</style>
            <EquipmentLabel item={item} logo={logo} />
          </div>,
          document.body,
        )}
    </>
  )
}
