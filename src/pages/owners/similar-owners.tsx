import Badge from 'react-bootstrap/Badge'
import type { OwnerEditController } from './use-owner-edit'

/**
 * Owners whose names look like the one typed (bigram Dice ≥ 0.4 warning, ≥ 0.9 danger), so a user
 * edits the existing owner instead of creating a near-duplicate.
 */
export function SimilarOwners({ similar }: { similar: OwnerEditController['similar'] }) {
  if (similar.length === 0) return null
  return (
    <div className="mb-3" aria-live="polite">
      <div className="small text-secondary mb-1">Similarly named owners:</div>
      <ul className="list-inline mb-0" aria-label="Similarly named owners">
        {similar.map(({ item, level, score }) => (
          <li key={item.id} className="list-inline-item mb-1">
            <Badge
              bg={level}
              text={level === 'warning' ? 'dark' : undefined}
              title={`${Math.round(score * 100)}% similar`}
              data-level={level}
            >
              {item.name}
            </Badge>
          </li>
        ))}
      </ul>
    </div>
  )
}
