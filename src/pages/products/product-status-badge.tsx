import Badge from 'react-bootstrap/Badge'
import type { Product } from '../../../schemas/records'

/** SPEC §4 "Product status": pass, fail, or n/a when there is no record with a conclusion yet. */
export function ProductStatusBadge({ status }: { status: Product['currentStatus'] }) {
  if (status === 'pass') return <Badge bg="success">Pass</Badge>
  if (status === 'fail') return <Badge bg="danger">Fail</Badge>
  return (
    <Badge bg="secondary" className="bg-opacity-50 text-body">
      n/a
    </Badge>
  )
}
