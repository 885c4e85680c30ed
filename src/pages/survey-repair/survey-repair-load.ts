import type { SURVEY_REPAIR_URL_TYPES, SurveyRepairForm } from '../../../schemas/entities/fault-repair'
import { MESSAGES } from '../../../schemas/messages'
import { surveyRepairApi } from './survey-repair-api'

type UrlType = (typeof SURVEY_REPAIR_URL_TYPES)[number]

/**
 * The stored item or descriptive the URL names: an item from its product type's list (of `prod` when
 * given), a descriptive of the URL's category. Anything else is refused with its SPEC §8 text.
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
  const d = await surveyRepairApi.descriptive(id, signal)
  // SPEC §8: a descriptive without the category its URL names has no valid category here.
  const expected = urlType === 'fdesc' ? 'Fault' : 'Repair'
  if (!d.descriptiveType || d.descriptiveType !== expected)
    throw new Error(MESSAGES.surveyRepair.invalidCategory)
  return { kind: 'descriptive', name: d.name, descriptiveType: d.descriptiveType }
}
