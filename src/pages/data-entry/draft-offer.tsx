import dayjs from 'dayjs'
import Alert from 'react-bootstrap/Alert'
import Button from 'react-bootstrap/Button'
import type { Draft } from '../../drafts/draft-store'

/** Local time as the draft texts show it (the browser's clock wrote it). */
const at = (epochMs: number, format: string) => dayjs(epochMs).format(format)

/** The offer of a draft found for this form (issue #18.1): restore it or discard it. */
export function DraftOffer(props: { offer: Draft | null; onRestore: () => void; onDiscard: () => void }) {
  if (!props.offer) return null
  return (
    <Alert
      variant="info"
      className="d-flex flex-wrap align-items-center gap-2"
      role="region"
      aria-label="Draft"
    >
      <span className="me-auto">This form has a draft kept on this device.</span>
      <Button size="sm" onClick={props.onRestore}>
        Restore draft from {at(props.offer.savedAt, 'DD/MM/YYYY HH:mm')}
      </Button>
      <Button size="sm" variant="outline-secondary" onClick={props.onDiscard}>
        Discard
      </Button>
    </Alert>
  )
}

/** Beside Save: when the draft was last kept. */
export function DraftKept({ keptAt }: { keptAt: number | null }) {
  if (keptAt == null) return null
  return (
    <span className="small text-body-secondary align-self-center" role="status">
      Draft kept on this device at {at(keptAt, 'HH:mm:ss')}
    </span>
  )
}
