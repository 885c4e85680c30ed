import { useSearchParams } from 'react-router-dom'
import { useResource } from '../../api/use-resource'
import { testEquipmentApi } from './test-equipment-api'

/** SPEC §8 texts for a list that could not be loaded. */
export const TEST_EQUIPMENT_LIST_ERRORS = {
  product: 'Unable to load test equipment for product at this time',
  all: 'An error occurred while loading test equipment',
} as const

/** Controller of /TestEquipment (optional ?product={number}): all items, or the ones a product used. */
export function useTestEquipmentList() {
  const [params] = useSearchParams()
  const raw = params.get('product')
  const productId = raw && /^\d+$/.test(raw) ? Number(raw) : null
  const list = useResource(
    (signal) =>
      productId == null ? testEquipmentApi.list(signal) : testEquipmentApi.ofProduct(productId, signal),
    [productId],
  )
  return {
    productId,
    rows: list.data ?? [],
    loading: list.loading,
    reload: list.reload,
    error: list.error
      ? productId == null
        ? TEST_EQUIPMENT_LIST_ERRORS.all
        : TEST_EQUIPMENT_LIST_ERRORS.product
      : null,
  }
}
