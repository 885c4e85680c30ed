import { MESSAGES } from '../messages'
import { duplicatesIgnoringCase } from './owner-lists'

/**
 * SPEC §5/§3 survey/repair items of one product type: every item needs a name, and names are unique
 * within the product type (ignoring case). Returns the trimmed names or the first broken rule's text.
 */
export function faultRepairItemsCheck(
  names: readonly string[],
): { names: string[]; error?: undefined } | { error: string; names?: undefined } {
  const trimmed = names.map((n) => n.trim())
  if (trimmed.some((n) => n === '')) return { error: MESSAGES.surveyRepair.nameRequired }
  const dups = duplicatesIgnoringCase(trimmed)
  if (dups.length) return { error: `${MESSAGES.surveyRepair.duplicateItems} ${dups.join(', ')}` }
  return { names: trimmed }
}
