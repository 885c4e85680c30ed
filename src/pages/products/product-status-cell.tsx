import Badge from 'react-bootstrap/Badge'
import { RECALLED, RETEST_REQUIRED, type Product } from '../../../schemas/records'
import { ProductStatusBadge } from './product-status-badge'

/**
 * The Status column's cell on /Products: the product's status (SPEC §4), then what it waits for. Issue
 * #15.3: a suspect record of the product was given 'recall' or 'retest' and no new record of its record
 * type cleared it yet; a recall is the stronger decision, so it alone is shown when both are pending.
 * Issue #19: a newer record waits for review or approval, which the status does not include yet.
 */
export function ProductStatusCell({ product }: { product: Product }) {
  return (
    <>
      <ProductStatusBadge status={product.currentStatus} />
      {product.recalled ? (
        <Badge bg="danger" className="d-block mt-1 recalled-badge">
          {RECALLED}
        </Badge>
      ) : (
        product.retestRequired && (
          <Badge bg="warning" text="dark" className="d-block mt-1 retest-badge">
            {RETEST_REQUIRED}
          </Badge>
        )
      )}
      {product.pendingReview && (
        <Badge bg="info" text="dark" className="d-block mt-1 pending-review-badge">
          pending review
        </Badge>
      )}
    </>
  )
}
