import { useId, useState, type FormEvent } from 'react'
import Button from 'react-bootstrap/Button'
import Card from 'react-bootstrap/Card'
import Form from 'react-bootstrap/Form'
import InputGroup from 'react-bootstrap/InputGroup'
import { Link, useNavigate } from 'react-router-dom'
import { useAtomValue } from 'jotai'
import { canOpenAtom, sessionAtom } from '../session/session-atoms'
import { canApproveRecords, canReviewRecords, type Claims } from '../../schemas/roles'
import { useResource } from '../api/use-resource'
import { recordsApi } from './records/records-api'
import { QUEUE_PARAM, reviewFilters } from './records/records-model'
import { serialFromCode } from '../../schemas/records/scan-code'
import { ScanAction } from '../../runtime/widgets/scan-action'
import { WIDGET_MESSAGES } from '../../runtime/widgets/messages'
import { PageHeader } from '../components/page-header'

interface SearchCardProps {
  title: string
  /** The page the search opens: /Products or /Records. */
  action: '/Products' | '/Records'
  description: string
}

/**
 * A serial-number search submitting as a GET form to `action` with filter=productSerialNumber and the
 * value (SPEC §2 "Home"). A barcode scanner in keyboard mode types into the field like a person would and
 * its Enter submits; 'Scan' reads a label with the camera and searches at once. A QR payload or app URL
 * is reduced to the serial it names first (issue #18.3).
 */
function SearchCard({ title, action, description }: SearchCardProps) {
  const navigate = useNavigate()
  const [value, setValue] = useState('')
  const id = useId()
  const search = (text: string) => {
    const serial = serialFromCode(text)
    setValue(serial)
    if (!serial) return
    const query = new URLSearchParams({ filter: 'productSerialNumber', value: serial })
    navigate(`${action}?${query}`)
  }
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    search(value)
  }
  return (
    <Card className="h-100 shadow-sm">
      <Card.Body>
        <Card.Title as="h2" className="h5">
          {title}
        </Card.Title>
        <Card.Text className="text-secondary">{description}</Card.Text>
        <Form method="get" action={action} onSubmit={submit} role="search" aria-label={title}>
          <input type="hidden" name="filter" value="productSerialNumber" />
          <Form.Label htmlFor={id}>Serial number</Form.Label>
          <InputGroup>
            <Form.Control
              id={id}
              name="value"
              value={value}
              onChange={(e) => setValue(e.target.value)}
              placeholder="Scan or type a serial"
              autoComplete="off"
              required
            />
            <ScanAction
              label="Serial number"
              buttonLabel={`Scan for ${title}`}
              title={WIDGET_MESSAGES.scan.barcodeTitle}
              onCode={search}
            />
            <Button type="submit" variant="primary">
              Search
            </Button>
          </InputGroup>
        </Form>
      </Card.Body>
    </Card>
  )
}

const SEARCHES: SearchCardProps[] = [
  {
    title: 'Product Search',
    action: '/Products',
    description: 'Scan or enter a product serial number to find the product.',
  },
  {
    title: 'Record Search',
    action: '/Records',
    description: 'Scan or enter a product serial number to find its records.',
  },
]

/** What My queue holds for the claims: the steps they may take, and their own rejected records. */
function queueDescription(claims: Claims): string {
  const review = canReviewRecords(claims)
  const approve = canApproveRecords(claims)
  const steps = review && approve ? 'review or approval' : review ? 'review' : 'approval'
  return `Records waiting for your ${steps}, and your rejected records to amend.`
}

const waiting = (count: number) =>
  count === 0
    ? 'Nothing waits for you now.'
    : `${count.toLocaleString('en-GB')} ${count === 1 ? 'record waits' : 'records wait'} for you.`

/**
 * 'Review queue' (walk s14): for reviewers and approvers (and admins, who may take both steps), a way from
 * Home to /Records with My queue on, and how many records wait there — one record of the queue's list
 * (`queue: 'mine'`, superseded records hidden as /Records hides them) answers its totalCount. Without an
 * answer the card still links to the queue.
 */
function ReviewQueueCard({ claims }: { claims: Claims }) {
  const count = useResource(
    (signal) =>
      recordsApi.page(0, 1, { filters: reviewFilters({ myQueue: true, hideSuperseded: true }) }, signal),
    [],
  )
  return (
    <Card className="h-100 shadow-sm">
      <Card.Body>
        <Card.Title as="h2" className="h5">
          Review queue
        </Card.Title>
        <Card.Text className="text-secondary">{queueDescription(claims)}</Card.Text>
        {count.data && (
          <Card.Text className="fw-semibold" role="status">
            {waiting(count.data.totalCount)}
          </Card.Text>
        )}
        <Link to={`/Records?${QUEUE_PARAM.name}=${QUEUE_PARAM.mine}`} className="btn btn-primary">
          Open my queue
        </Link>
      </Card.Body>
    </Card>
  )
}

/**
 * Home: the 'Product Search' and 'Record Search' cards, each only for a view that may open the page it
 * searches (a supplier may open neither, SPEC §6), and 'Review queue' for those who review or approve. A
 * view with no search gets its way to Add New Record instead of an empty page.
 */
export default function HomePage() {
  const canOpen = useAtomValue(canOpenAtom)
  const claims = useAtomValue(sessionAtom)?.claims ?? {}
  const searches = SEARCHES.filter((card) => canOpen(card.action))
  const reviews = (canReviewRecords(claims) || canApproveRecords(claims)) && canOpen('/Records')
  return (
    <>
      <PageHeader title="Home" />
      <div className="row g-3">
        {searches.map((card) => (
          <div key={card.action} className="col-12 col-lg-6">
            <SearchCard {...card} />
          </div>
        ))}
        {reviews && (
          <div className="col-12 col-lg-6">
            <ReviewQueueCard claims={claims} />
          </div>
        )}
        {searches.length === 0 && canOpen('/AddRecord') && (
          <div className="col-12 col-lg-6">
            <Card className="h-100 shadow-sm">
              <Card.Body>
                <Card.Title as="h2" className="h5">
                  Add New Record
                </Card.Title>
                <Card.Text className="text-secondary">
                  Enter a test record, or upload a CSV file of records, for your products.
                </Card.Text>
                <Link to="/AddRecord" className="btn btn-primary">
                  Add New Record
                </Link>
              </Card.Body>
            </Card>
          </div>
        )}
      </div>
    </>
  )
}
