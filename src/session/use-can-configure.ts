import { useAtomValue } from 'jotai'
import { CONFIGURE_VIEWS } from '../../schemas/roles'
import { sessionAtom } from './session-atoms'

/** Whether the signed-in view may change reference data and record types (DESIGN.md §6). */
export function useCanConfigure(): boolean {
  const session = useAtomValue(sessionAtom)
  return CONFIGURE_VIEWS.includes(session?.view ?? 'none')
}
