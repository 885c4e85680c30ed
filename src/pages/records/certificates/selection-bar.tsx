import Button from 'react-bootstrap/Button'
import type { RecordSelection } from './use-record-selection'

const n = (count: number) => count.toLocaleString('en-GB')

/**
 * What is selected for batch certificates, with 'Select all … matching' while more records match (issue #16.3), and 'Clear selection'.
 */
export function SelectionBar({ selection, totalCount }: { selection: RecordSelection; totalCount: number }) {
  if (selection.count === 0) return null
  const more = !selection.allMatching && totalCount > selection.ids.size
  return (
    <div
      className="selection-bar d-flex flex-wrap align-items-center gap-2 mb-2 px-2 py-1 rounded"
      role="status"
    >
      <span>
        {selection.allMatching
          ? `All ${n(totalCount)} matching ${totalCount === 1 ? 'record is' : 'records are'} selected.`
          : `${n(selection.ids.size)} ${selection.ids.size === 1 ? 'record' : 'records'} selected.`}
      </span>
      {more && (
        <Button variant="link" size="sm" className="p-0" onClick={selection.selectAllMatching}>
          Select all {n(totalCount)} matching
        </Button>
      )}
      <Button variant="link" size="sm" className="p-0" onClick={selection.clear}>
        Clear selection
      </Button>
    </div>
  )
}
