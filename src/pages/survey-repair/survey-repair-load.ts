import type { SURVEY_REPAIR_URL_TYPES, SurveyRepairForm } from '../../../schemas/entities/fault-repair'
import { DESCRIPTIVE_DOMAINS } from '../../../schemas/entities/configuration'
import { MESSAGES } from '../../../schemas/messages'
import { surveyRepairApi } from './survey-repair-api'

type UrlType = (typeof SURVEY_REPAIR_URL_TYPES)[number]

/**
 * The stored item or descriptive the URL names: an item from its product type's list (of `prod` when
 * given), a descriptive by its id, whatever its category. Anything else is refused with its SPEC §8 text.
 */
export async function loadOriginal(
  id: number,
  urlType: UrlType,
  prod: number | undefined,
  signal: AbortSignal,
): Promise<SurveyRepairForm> {
  if (urlType === 'item') {
    const found = (await surveyRepairApi.list(signal)).find(
      (e) => e.faultRepairType === 'Item' && e.id === id && (prod === undefined || e.productTypeId === prod),
    )
    if (!found) throw new Error(MESSAGES.surveyRepair.productInvalid)
    return { kind: 'item', name: found.name, productTypeId: found.productTypeId ?? undefined }
  }
  // A descriptive is loaded by id and keeps the category stored on it (Fault, Repair or Quotation): the
  // URL's fdesc/rdesc only says "descriptive" (editLink sends Fault as fdesc, every other one as rdesc).
  const d = await surveyRepairApi.descriptive(id, signal)
  // SPEC §8: 'Invalid survey/repair category' when a descriptive has no (known) category.
  if (!d.descriptiveType || !Object.hasOwn(DESCRIPTIVE_DOMAINS, d.descriptiveType))
    throw new Error(MESSAGES.surveyRepair.invalidCategory)
  return { kind: 'descriptive', name: d.name, descriptiveType: d.descriptiveType }
}
