import { actionsColumn, schemaColumns, type ColumnDef } from '../../../runtime/grid'
import {
  faultRepairTypeListItemSchema,
  type FaultRepairTypeListItem,
} from '../../../schemas/entities/fault-repair'
import { ActionButton, ActionLink, RowActions } from '../../components/row-actions'
import { editLink } from './survey-repair-routes'

type Entry = FaultRepairTypeListItem
const schema = faultRepairTypeListItemSchema

/** What the survey/repair columns need: which list, the routes' base, and whether the user may write. */
export interface SurveyRepairColumnsInput {
  showDescriptives: boolean
  base: string
  canWrite: boolean
  onDelete: (entry: Entry) => void
}

/** Items: Name, Product Type; descriptives: ID, Name, Survey/Repair; then Edit (or View) and Delete. */
export function surveyRepairColumns({
  showDescriptives,
  base,
  canWrite,
  onDelete,
}: SurveyRepairColumnsInput): ColumnDef<Entry, unknown>[] {
  const actions = actionsColumn<Entry>(({ row: { original: e } }) => (
    <RowActions>
      <ActionLink to={editLink(base, e)} label={`${canWrite ? 'Edit' : 'View'} ${e.name}`}>
        {canWrite ? 'Edit' : 'View'}
      </ActionLink>
      {canWrite && (
        <ActionButton variant="outline-danger" label={`Delete ${e.name}`} onClick={() => onDelete(e)}>
          Delete
        </ActionButton>
      )}
    </RowActions>
  ))
  return showDescriptives
    ? [
        ...schemaColumns<Entry>(schema, ['id', 'name', 'descriptiveType'], {
          id: { filter: true },
          name: { filter: true },
          descriptiveType: { filter: true },
        }),
        actions,
      ]
    : [
        ...schemaColumns<Entry>(schema, ['name', 'productTypeName'], {
          name: { filter: true },
          productTypeName: { filter: true },
        }),
        actions,
      ]
}
