import Badge from 'react-bootstrap/Badge'
import {
  PENDING_REVIEW,
  productFlags,
  RECALLED,
  RETEST_REQUIRED,
  type Product,
} from '../../../schemas/records'
import { ProductStatusBadge } from './product-status-badge'

const FLAG_LOOKS = {
  recalled: { label: RECALLED, bg: 'danger', text: undefined, className: 'recalled-badge' },
  retest: { label: RETEST_REQUIRED, bg: 'warning', text: 'dark', className: 'retest-badge' },
  pendingReview: { label: PENDING_REVIEW, bg: 'info', text: 'dark', className: 'pending-review-badge' },
} as const

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
      {productFlags(product).map((flag) => {
        const look = FLAG_LOOKS[flag]
        return (
          <Badge key={flag} bg={look.bg} text={look.text} className={`d-block mt-1 ${look.className}`}>
            {look.label}
          </Badge>
        )
      })}
    </>
  )
}
