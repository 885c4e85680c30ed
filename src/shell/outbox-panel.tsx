import { useState } from 'react'
import dayjs from 'dayjs'
import Badge from 'react-bootstrap/Badge'
import Button from 'react-bootstrap/Button'
import Modal from 'react-bootstrap/Modal'
import { Link } from 'react-router-dom'
import type { OutboxEntry } from '../drafts/outbox-store'
import type { OutboxController } from './use-outbox'

const STATE_TEXT: Record<OutboxEntry['state'], string> = {
  waiting: 'Waiting for the connection',
  sending: 'Sending…',
  refused: 'Refused',
}

/** One queued record: what it is, when it was saved, its state and, if refused, the server's message. */
function EntryRow({ entry, onRemove, onOpen }: { entry: OutboxEntry; onRemove(): void; onOpen(): void }) {
  return (
    <li className="list-group-item">
      <div className="d-flex flex-wrap justify-content-between gap-2">
        <strong>{entry.title}</strong>
        <Badge bg={entry.state === 'refused' ? 'danger' : 'secondary'}>{STATE_TEXT[entry.state]}</Badge>
      </div>
      <div className="small text-body-secondary">
        Saved {dayjs(entry.createdAt).format('DD/MM/YYYY HH:mm')}
      </div>
      {entry.message && <div className="small text-danger mt-1">{entry.message}</div>}
      {entry.state === 'refused' && (
        <div className="d-flex gap-2 mt-2">
          <Link
            className="btn btn-sm btn-primary"
            to={`${entry.reopen}`}
            state={{ outbox: entry.key }}
            onClick={onOpen}
          >
            Open in the form
          </Link>
          <Button size="sm" variant="outline-danger" onClick={onRemove}>
            Remove
          </Button>
        </div>
      )}
    </li>
  )
}

/**
 * The top bar's outbox (issue #18.2): a badge with how many records wait, and a panel listing them with
 * their state. Shown only while something waits.
 */
export function OutboxBadge({ outbox }: { outbox: OutboxController }) {
  const [open, setOpen] = useState(false)
  const count = outbox.entries.length
  if (count === 0) return null
  return (
    <>
      <Button
        variant="warning"
        size="sm"
        aria-label={`Outbox: ${count} ${count === 1 ? 'record' : 'records'} not sent`}
        onClick={() => setOpen(true)}
      >
        Outbox <Badge bg="dark">{count}</Badge>
      </Button>
      <Modal show={open} onHide={() => setOpen(false)} aria-labelledby="outbox-title" centered>
        <Modal.Header closeButton>
          <Modal.Title id="outbox-title" as="h2" className="h5">
            Outbox
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p className="small">
            Records saved on this device that the server does not have yet. They are sent in order as soon as
            the connection allows.
          </p>
          <ul className="list-group" aria-label="Records not sent">
            {outbox.entries.map((e) => (
              <EntryRow
                key={e.key}
                entry={e}
                onRemove={() => outbox.remove(e.key)}
                onOpen={() => setOpen(false)}
              />
            ))}
          </ul>
        </Modal.Body>
        <Modal.Footer>
          <Button onClick={outbox.sendNow}>Send now</Button>
          <Button variant="outline-secondary" onClick={() => setOpen(false)}>
            Close
          </Button>
        </Modal.Footer>
      </Modal>
    </>
  )
}
