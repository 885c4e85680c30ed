import type { SurveyRepairForm } from '../../../schemas/entities/fault-repair'
import { surveyRepairApi } from './survey-repair-api'

/**
 * Saves an item or descriptive where its kind lives (an item in its product type's list, a descriptive in
 * the configuration of its category), first removing the old entry when its kind, product type or
 * category changed.
 * @param original what was loaded, or null for a new entry; `id` is its id.
 */
export async function saveSurveyRepair(
  original: SurveyRepairForm | null,
  data: SurveyRepairForm,
  id: number | null,
): Promise<void> {
  const name = data.name.trim()
  // Remove the old entry where it lived when its kind, product type or category changes.
  if (original?.kind === 'item' && (data.kind !== 'item' || data.productTypeId !== original.productTypeId))
    await surveyRepairApi.removeItem(original.productTypeId!, original.name)
  if (
    original?.kind === 'descriptive' &&
    (data.kind !== 'descriptive' || data.descriptiveType !== original.descriptiveType)
  )
    await surveyRepairApi.deleteDescriptive(original.descriptiveType!, id!, original.name)

  if (data.kind === 'item') {
    if (original?.kind === 'item' && original.productTypeId === data.productTypeId)
      await surveyRepairApi.renameItem(data.productTypeId!, original.name, name)
    else await surveyRepairApi.addItem(data.productTypeId!, name)
  } else if (original?.kind === 'descriptive' && original.descriptiveType === data.descriptiveType)
    await surveyRepairApi.updateDescriptive(data.descriptiveType!, id!, name)
  else await surveyRepairApi.addDescriptive(data.descriptiveType!, name)
}
