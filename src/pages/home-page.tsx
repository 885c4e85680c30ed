import { useId, useState, type FormEvent } from 'react'
import Button from 'react-bootstrap/Button'
import Card from 'react-bootstrap/Card'
import Form from 'react-bootstrap/Form'
import InputGroup from 'react-bootstrap/InputGroup'
import { Link, useNavigate } from 'react-router-dom'
import { useAtomValue } from 'jotai'
import { canOpenAtom } from '../session/session-atoms'
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

/**
 * Home: the 'Product Search' and 'Record Search' cards, each only for a view that may open the page it
 * searches (a supplier may open neither, SPEC §6). A view with no search gets its way to Add New Record
 * instead of an empty page.
 */
export default function HomePage() {
  const canOpen = useAtomValue(canOpenAtom)
  const searches = SEARCHES.filter((card) => canOpen(card.action))
  return (
    <>
      <PageHeader title="Home" />
      <div className="row g-3">
        {searches.map((card) => (
          <div key={card.action} className="col-12 col-lg-6">
            <SearchCard {...card} />
          </div>
        ))}
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
