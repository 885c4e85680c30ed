import { useLocation } from 'react-router-dom'
import type { FaultRepairTypeListItem } from '../../../schemas/entities/fault-repair'

/** /SurveyRepairTypes and /FaultRepairTypes share the screens (SPEC §2); links stay under the one in use. */
export function useSurveyRepairBase(): string {
  const first = useLocation().pathname.split('/')[1] ?? ''
  return first.toLowerCase() === 'faultrepairtypes' ? '/FaultRepairTypes' : '/SurveyRepairTypes'
}

/**
 * The edit link of a listed entry (SPEC §2 URL shapes): items carry type=item and prod; a Fault
 * descriptive fdesc, every other descriptive (Repair, Quotation) rdesc. The edit page loads a descriptive
 * by id and takes its category from the stored row (survey-repair-load.ts).
 */
export function editLink(base: string, entry: FaultRepairTypeListItem): string {
  if (entry.faultRepairType === 'Item') return `${base}/${entry.id}?type=item&prod=${entry.productTypeId}`
  return `${base}/${entry.id}?type=${entry.descriptiveType === 'Fault' ? 'fdesc' : 'rdesc'}`
}
