import { useMemo } from 'react'
import Button from 'react-bootstrap/Button'
import Form from 'react-bootstrap/Form'
import Tab from 'react-bootstrap/Tab'
import Tabs from 'react-bootstrap/Tabs'
import { actionsColumn, DataGrid, type ColumnDef } from '../../../runtime/grid'
import { SERIAL_PREFIX_SEPARATOR } from '../../../schemas/entities/device-owner'
import { serialRangeSchema } from '../../../schemas/entities/serial-range'
import { useFocusFirstInvalid } from '../../components/field-marks'
import { ActionButton } from '../../components/row-actions'
import type { ContactRow, LocationRow, OwnerTab, RangeRow } from './owner-form'
import type { OwnerEditController } from './use-owner-edit'

const titles = serialRangeSchema.properties
const toNumber = (text: string) => (text.trim() === '' ? null : Number(text))

function TabToolbar({ label, onAdd, disabled }: { label: string; onAdd: () => void; disabled?: boolean }) {
  return (
    <div className="d-flex justify-content-end my-2">
      <Button size="sm" variant="outline-primary" onClick={onAdd} disabled={disabled}>
        {label}
      </Button>
    </div>
  )
}

function RangesTab({ c }: { c: OwnerEditController }) {
  const { change, remove } = c.ranges
  const marks = c.rangeMarks
  const root = useFocusFirstInvalid<HTMLDivElement>(c.markedAt)
  const columns = useMemo<ColumnDef<RangeRow, unknown>[]>(() => {
    const marked = (key: string, field: 'prefix' | 'min' | 'max') =>
      marks?.key === key && marks.fields.includes(field)
    return [
      {
        id: 'prefix',
        header: titles.prefix.title,
        enableSorting: false,
        cell: ({ row: { original: r } }) => (
          <Form.Control
            size="sm"
            aria-label={titles.prefix.title}
            placeholder={`e.g. TE${SERIAL_PREFIX_SEPARATOR}`}
            isInvalid={marked(r.key, 'prefix')}
            aria-invalid={marked(r.key, 'prefix') || undefined}
            value={r.prefix}
            onChange={(e) => change(r.key, { prefix: e.target.value })}
          />
        ),
      },
      ...(['min', 'max'] as const).map((k): ColumnDef<RangeRow, unknown> => ({
        id: k,
        header: titles[k].title,
        enableSorting: false,
        cell: ({ row: { original: r } }) => (
          <Form.Control
            size="sm"
            type="number"
            min={0}
            aria-label={titles[k].title}
            isInvalid={marked(r.key, k)}
            aria-invalid={marked(r.key, k) || undefined}
            value={r[k] ?? ''}
            onChange={(e) => change(r.key, { [k]: toNumber(e.target.value) })}
          />
        ),
      })),
      actionsColumn<RangeRow>(({ row: { original: r } }) => (
        <ActionButton variant="outline-danger" label="Delete serial range" onClick={() => remove(r.key)}>
          Delete
        </ActionButton>
      )),
    ]
  }, [change, remove, marks])
  return (
    <div ref={root}>
      <TabToolbar label="Add new serial range" onAdd={c.ranges.add} />
      <DataGrid
        label="Test equipment serial ranges"
        columns={columns}
        data={c.form.ranges}
        getRowId={(r) => r.key}
        emptyText="No serial ranges yet."
        showRowId={c.shownRange}
      />
    </div>
  )
}

/** One editable text column with delete: locations (name) and contacts (e-mail). */
function ListTab<R extends { key: string }>(props: {
  label: string
  header: string
  addLabel: string
  canAdd: boolean
  rows: R[]
  text: (r: R) => string
  placeholder: string
  onAdd: () => void
  onChange: (key: string, text: string) => void
  onRemove: (r: R) => void
}) {
  const { header, text, placeholder, onChange, onRemove } = props
  const columns = useMemo<ColumnDef<R, unknown>[]>(
    () => [
      {
        id: 'text',
        header,
        enableSorting: false,
        cell: ({ row: { original: r } }) => (
          <Form.Control
            size="sm"
            aria-label={header}
            placeholder={placeholder}
            value={text(r)}
            onChange={(e) => onChange(r.key, e.target.value)}
          />
        ),
      },
      actionsColumn<R>(({ row: { original: r } }) => (
        <ActionButton
          variant="outline-danger"
          label={`Delete ${text(r) || header.toLowerCase()}`}
          onClick={() => onRemove(r)}
        >
          Delete
        </ActionButton>
      )),
    ],
    [header, text, placeholder, onChange, onRemove],
  )
  return (
    <>
      <TabToolbar label={props.addLabel} onAdd={props.onAdd} disabled={!props.canAdd} />
      <DataGrid
        label={props.label}
        columns={columns}
        data={props.rows}
        getRowId={(r) => r.key}
        emptyText={`No ${props.label.toLowerCase()} yet.`}
        showRowId={props.rows[0]?.key}
      />
    </>
  )
}

/** The owner's three tabs of SPEC §2: Test Equipment, Locations, Calibration Reminders. */
export function OwnerTabs({ c }: { c: OwnerEditController }) {
  return (
    <Tabs
      activeKey={c.tab}
      onSelect={(key) => key && c.setTab(key as OwnerTab)}
      id="owner-tabs"
      className="mt-4"
      mountOnEnter
    >
      <Tab eventKey="test-equipment" title="Test Equipment">
        <RangesTab c={c} />
      </Tab>
      <Tab eventKey="locations" title="Locations">
        <ListTab<LocationRow>
          label="Locations"
          header="Location"
          addLabel="Add new location"
          canAdd={c.locations.canAdd}
          rows={c.form.locations}
          text={(l) => l.name}
          placeholder="Enter location name"
          onAdd={c.locations.add}
          onChange={c.locations.change}
          onRemove={c.locations.remove}
        />
      </Tab>
      <Tab eventKey="calibration-reminders" title="Calibration Reminders">
        <ListTab<ContactRow>
          label="Contacts"
          header="Contact"
          addLabel="Add new contact"
          canAdd={c.contacts.canAdd}
          rows={c.form.contacts}
          text={(r) => r.email}
          placeholder="name@example.com"
          onAdd={c.contacts.add}
          onChange={c.contacts.change}
          onRemove={c.contacts.remove}
        />
      </Tab>
    </Tabs>
  )
}
