import Card from 'react-bootstrap/Card'
import type { TestParameter } from '../../schemas/entities/test-parameter'

/**
 * The product type's test parameters a record is judged with (issue #14.4): the limits and constants its
 * layout reads as `param.key`. Shown at capture and on a stored record (where they are the values stored
 * with it, so a later edit of the product type does not change them). Nothing when there are none.
 */
export function ParametersUsed({ parameters }: { parameters: readonly TestParameter[] }) {
  if (parameters.length === 0) return null
  return (
    <Card className="shadow-sm mt-3 parameters-used">
      <Card.Header as="h2" className="h6 mb-0">
        Test parameters of the product type
      </Card.Header>
      <Card.Body className="py-2">
        <dl className="row mb-0" aria-label="Test parameters">
          {parameters.map((p) => (
            <div key={p.key} className="col-12 col-md-6 row mx-0 py-1 border-bottom">
              <dt className="col-6 fw-normal text-secondary px-0">
                <code>{p.key}</code>
              </dt>
              <dd className="col-6 mb-0 px-0 text-break">
                {p.value}
                {p.unit ? ` ${p.unit}` : ''}
              </dd>
            </div>
          ))}
        </dl>
      </Card.Body>
    </Card>
  )
}
