import { useId } from 'react'
import InputGroup from 'react-bootstrap/InputGroup'
import ToggleButton from 'react-bootstrap/ToggleButton'
import ToggleButtonGroup from 'react-bootstrap/ToggleButtonGroup'
import type { ColumnFilterControl } from '../../../runtime/grid'
import { DayText } from '../../components/day-text'
import { dateRangeOf, dateRangeText, PRODUCT_STATUSES, statusesOf } from './products-filter'

const STATUS_LABEL = { pass: 'Pass', fail: 'Fail', 'n/a': 'n/a' } as const

/** The Status column's pass / fail / n/a toggle filter (SPEC §2 Products); none pressed shows all. */
export function StatusFilter({ value, setValue, label }: ColumnFilterControl) {
  const id = useId()
  return (
    <ToggleButtonGroup
      type="checkbox"
      size="sm"
      value={statusesOf(value)}
      onChange={(next: string[]) => setValue(next.join(','))}
      aria-label={`Filter by ${label}`}
      className="flex-nowrap"
    >
      {PRODUCT_STATUSES.map((s) => (
        <ToggleButton key={s} id={`${id}-${s}`} value={s} variant="outline-secondary">
          {STATUS_LABEL[s]}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  )
}

/**
 * The Last Record column's date-range filter: from and to days (UTC), either may be left open. The groups
 * wrap (Bootstrap's default) so a box's hint takes a line of its own under it (DayText); the label and
 * box themselves never wrap, as the box shrinks first.
 */
export function DateRangeFilter({ value, setValue, label }: ColumnFilterControl) {
  const { from, to } = dateRangeOf(value)
  return (
    <div className="d-flex flex-column gap-1 date-range-filter">
      <InputGroup size="sm">
        <InputGroup.Text className="date-range-label" style={{ minWidth: '3.2em' }}>
          From
        </InputGroup.Text>
        <DayText iso={from} onChange={(day) => setValue(dateRangeText(day, to))} label={`${label} from`} />
      </InputGroup>
      <InputGroup size="sm">
        <InputGroup.Text className="date-range-label" style={{ minWidth: '3.2em' }}>
          To
        </InputGroup.Text>
        <DayText iso={to} onChange={(day) => setValue(dateRangeText(from, day))} label={`${label} to`} />
      </InputGroup>
    </div>
  )
}
