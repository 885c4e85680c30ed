import Badge from 'react-bootstrap/Badge'
import Card from 'react-bootstrap/Card'
import Table from 'react-bootstrap/Table'
import type { RecordJudgement, RecordTestLine } from './record-tests'

const BG: Record<RecordTestLine['result'], string> = {
  Pass: 'success',
  Fail: 'danger',
  'n/a': 'secondary',
  '—': 'light',
}

/** A calibration's outcome line in the colour of the device as left (the words carry it in print). */
const OUTCOME_TEXT: Record<'Pass' | 'Fail' | 'none', string> = {
  Pass: 'text-success',
  Fail: 'text-danger',
  none: '',
}

/** The result as a badge that is also a word; print keeps it legible without its colour (styles.css). */
function Verdict({ result }: { result: RecordTestLine['result'] }) {
  return (
    <Badge
      bg={BG[result]}
      text={result === '—' ? 'dark' : undefined}
      className="verdict"
      data-result={result}
    >
      {result}
    </Badge>
  )
}

/**
 * How the record was judged (issue #12): each test's value, unit, limits or pass choice and result, and
 * the overall result with the layout revision that judged it — for a calibration, its outcome from the
 * calibration history instead, as its certificate says it. Stacks to label/value pairs on a phone.
 */
export function RecordTestsCard({ judgement }: { judgement: RecordJudgement }) {
  if (judgement.tests.length === 0) return null
  const revision = judgement.layoutRevision == null ? '' : ` by layout revision ${judgement.layoutRevision}`
  const { outcome } = judgement
  return (
    <Card className="shadow-sm mt-3 record-tests">
      <Card.Header className="d-flex flex-wrap gap-2 align-items-center">
        <h2 className="h6 mb-0 me-auto">Tests</h2>
        {judgement.overall && (
          <span aria-label="Overall result">
            Overall result <Verdict result={judgement.overall} />
            <span className="text-secondary small ms-2">judged{revision}</span>
          </span>
        )}
        {outcome && (
          <span aria-label="Calibration outcome">
            Outcome{' '}
            <span
              className={`fw-semibold ${OUTCOME_TEXT[outcome.result ?? 'none']}`}
              data-result={outcome.result ?? undefined}
            >
              {outcome.line}
            </span>
            <span className="text-secondary small ms-2">from the calibration history</span>
          </span>
        )}
      </Card.Header>
      <Card.Body className="p-0">
        <Table size="sm" className="mb-0 stacked-table" aria-label="Tests">
          <thead>
            <tr>
              <th scope="col">Test</th>
              <th scope="col">Value</th>
              <th scope="col">Criterion</th>
              <th scope="col">Result</th>
            </tr>
          </thead>
          <tbody>
            {judgement.tests.map((t) => (
              <tr key={t.variable}>
                <td data-label="Test">{t.label}</td>
                <td data-label="Value">{t.value}</td>
                <td data-label="Criterion">{t.criterion}</td>
                <td data-label="Result">
                  <Verdict result={t.result} />
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
        {judgement.groups.length > 0 && (
          <p className="small text-secondary mb-0 px-2 py-1 border-top">
            {judgement.groups.map((g, i) => (
              <span key={g.variable}>
                {i > 0 && ' · '}
                {g.label}: {g.result}
              </span>
            ))}
          </p>
        )}
      </Card.Body>
    </Card>
  )
}
