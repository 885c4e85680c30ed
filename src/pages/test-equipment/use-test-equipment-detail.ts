import { useParams } from 'react-router-dom'
import { calibrationStatus } from '../../../runtime/widgets/calibration-status'
import { RECORD_MESSAGES } from '../../../schemas/records'
import { ApiError, describeError } from '../../api/client'
import { useResource } from '../../api/use-resource'
import { testEquipmentApi } from './test-equipment-api'

/** SPEC §8: the item's product type could not be loaded. */
export const PRODUCT_TYPE_ERROR = 'Unable to load test equipment product type'

/** Controller of /TestEquipment/{id}: the item, its product type and its SPEC §4 calibration status text. */
export function useTestEquipmentDetail() {
  const { id = '' } = useParams()
  const valid = /^\d+$/.test(id) && Number(id) > 0
  const item = useResource(
    (signal) =>
      valid
        ? testEquipmentApi.get(Number(id), signal)
        : Promise.reject(new ApiError(RECORD_MESSAGES.testEquipmentNotFoundId(id), 404)),
    [id],
  )
  const error = item.error
    ? // SPEC §8 'Could not find test equipment with ID {id}' as is; other failures as 'API Error: …'.
      item.error instanceof ApiError && item.error.status === 404
      ? RECORD_MESSAGES.testEquipmentNotFoundId(id)
      : describeError(item.error)
    : null
  const typeId = item.data?.productTypeId ?? null
  const productType = useResource(
    (signal) => (typeId == null ? Promise.resolve(null) : testEquipmentApi.productType(typeId, signal)),
    [typeId],
  )
  return {
    id,
    item: item.data,
    /** The product type's name; null when it has none; SPEC §8's text when it could not be loaded. */
    productType: productType.error ? PRODUCT_TYPE_ERROR : (productType.data?.name ?? null),
    productTypeFailed: Boolean(productType.error),
    status: item.data ? calibrationStatus(item.data) : null,
    loading: item.loading,
    error,
  }
}
