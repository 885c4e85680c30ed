import { useNavigate, useSearchParams } from 'react-router-dom'
import { emptyValues } from '../../../runtime/compiler'
import type { FormLayout } from '../../../schemas/form-layout'
import { duplicateQuery, type EntryIds } from './use-data-entry-view'

/** What the navigation of /DataEntry needs: the layout and ids shown, and how to start a fresh form. */
export interface NavigationInput {
  layout: FormLayout | undefined
  existing: boolean
  ids: EntryIds
  /** Puts fresh values into the form, clears the summary and field errors and unlocks the items. */
  restart: (values: Record<string, unknown>) => void
}

/** The moves out of /DataEntry: back (Cancel/Close), Edit, Finish, Add Duplicate and Add New. */
export function useDataEntryNavigation({ layout, existing, ids, restart }: NavigationInput) {
  const navigate = useNavigate()
  const [params, setParams] = useSearchParams()

  /** Back to where the user came from; home when the page was opened directly. */
  const back = () => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0
    if (idx > 0) navigate(-1)
    else navigate('/Home')
  }

  /** SPEC §2: Edit reloads the page with edit=true. */
  const edit = () => {
    const next = new URLSearchParams(params)
    next.set('edit', 'true')
    setParams(next)
  }

  /** SPEC §4: a duplicate starts empty (checkbox false, group 'Fail', others null), same record type. */
  const addDuplicate = () => {
    if (!layout) return
    restart(emptyValues(layout))
    // The duplicate is a new record of the same type for the same supplier/owner and product type.
    if (existing) navigate(`/DataEntry?${duplicateQuery(ids).toString()}`)
  }

  return {
    cancel: back,
    close: back,
    edit,
    finish: () => navigate('/Home'),
    addDuplicate,
    addNew: () => navigate('/AddRecord'),
  }
}
