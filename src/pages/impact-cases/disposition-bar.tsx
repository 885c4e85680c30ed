import Button from 'react-bootstrap/Button'
import Form from 'react-bootstrap/Form'
import { DISPOSITION_LABELS, IMPACT_DISPOSITIONS, type ImpactDisposition } from '../../../schemas/records'
import type { ImpactCaseController } from './use-impact-case'

const HINTS: Record<ImpactDisposition, string> = {
  accept: 'The result stands; say why.',
  retest: "The product shows 'Retest required' until a new record of the same record type.",
  recall: "The product shows 'Recalled' until a new record of the same record type.",
}

/**
 * Gives the selected records one disposition: accept (with a reason), retest or recall. Apply names how
 * many records it acts on; what is missing is said beside it.
 */
export function DispositionBar({ c }: { c: ImpactCaseController }) {
  const { draft, setDraft } = c
  const n = c.selected.size
  return (
    <Form
      className="disposition-bar border rounded p-2 mb-3 bg-body-tertiary"
      aria-label="Disposition of the selected records"
      onSubmit={(e) => {
        e.preventDefault()
        void c.apply()
      }}
    >
      <div className="d-flex flex-wrap align-items-center gap-3">
        <fieldset className="d-flex flex-wrap gap-3">
          <legend className="visually-hidden">Disposition</legend>
          {IMPACT_DISPOSITIONS.map((d) => (
            <Form.Check
              key={d}
              type="radio"
              inline
              className="me-0"
              id={`disposition-${d}`}
              name="disposition"
              label={{ accept: 'Accept', retest: 'Retest', recall: 'Recall' }[d]}
              checked={draft.disposition === d}
              onChange={() => setDraft({ ...draft, disposition: d })}
            />
          ))}
        </fieldset>
        <Form.Control
          className="flex-grow-1"
          style={{ minWidth: 200, maxWidth: 520 }}
          aria-label="Reason"
          placeholder={draft.disposition === 'accept' ? 'Reason (required to accept)' : 'Reason (optional)'}
          value={draft.reason}
          maxLength={1000}
          onChange={(e) => setDraft({ ...draft, reason: e.target.value })}
        />
        <Button type="submit" disabled={c.busy || c.problem !== null}>
          Apply to {n} record{n === 1 ? '' : 's'}
        </Button>
      </div>
      <div className="small text-secondary mt-1" aria-live="polite">
        {c.problem ??
          (draft.disposition ? `${DISPOSITION_LABELS[draft.disposition]}: ${HINTS[draft.disposition]}` : '')}
      </div>
    </Form>
  )
}
