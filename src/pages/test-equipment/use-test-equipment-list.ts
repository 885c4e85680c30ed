import { useMemo } from 'react'
import { useSearchParams } from 'react-router-dom'
import { useAtomValue } from 'jotai'
import { CALIBRATION_DUE_STATES, type CalibrationDueState } from '../../../schemas/records'
import { useResource } from '../../api/use-resource'
import { appConfigAtom } from '../../session/session-atoms'
import { calibrationState, statusFilterOf } from './calibration'
import { testEquipmentApi } from './test-equipment-api'

/** SPEC §8 texts for a list that could not be loaded. */
export const TEST_EQUIPMENT_LIST_ERRORS = {
  product: 'Unable to load test equipment for product at this time',
  all: 'An error occurred while loading test equipment',
} as const

/**
 * Controller of /TestEquipment (optional ?product={number}, ?status={state}): all items, or the ones a
 * product used, each with its calibration standing today (issue #15.4: 'Due soon' within the lead time
 * of /config.json, the server's CALIBRATION_DUE_SOON_DAYS), filtered by that standing. The list is not
 * server-paged (SPEC §7 answers every item), so the filter is applied here, by the shared rule.
 */
export function useTestEquipmentList() {
  const [params, setParams] = useSearchParams()
  const raw = params.get('product')
  const productId = raw && /^\d+$/.test(raw) ? Number(raw) : null
  const status = statusFilterOf(params.get('status'))
  const { calibrationDueSoonDays: dueSoonDays } = useAtomValue(appConfigAtom)
  const list = useResource(
    (signal) =>
      productId == null ? testEquipmentApi.list(signal) : testEquipmentApi.ofProduct(productId, signal),
    [productId],
  )
  const all = useMemo(() => {
    const now = new Date()
    return (list.data ?? []).map((item) => ({ item, state: calibrationState(item, now, dueSoonDays) }))
  }, [list.data, dueSoonDays])
  const counts = useMemo(() => {
    const byState = Object.fromEntries(CALIBRATION_DUE_STATES.map((s) => [s, 0])) as Record<
      CalibrationDueState,
      number
    >
    for (const { state } of all) byState[state]++
    return byState
  }, [all])
  const rows = useMemo(
    () => all.filter((r) => status == null || r.state === status).map((r) => r.item),
    [all, status],
  )
  const states = useMemo(() => new Map(all.map((r) => [r.item.id, r.state])), [all])

  /** Shows only items in `next` (null: all); kept in the URL so the view can be linked to. */
  const setStatus = (next: CalibrationDueState | null) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current)
        if (next) updated.set('status', next)
        else updated.delete('status')
        return updated
      },
      { replace: true },
    )

  return {
    productId,
    status,
    setStatus,
    dueSoonDays,
    counts,
    total: all.length,
    /** Each item's standing by id, for the Calibrated and Expires columns. */
    states,
    rows,
    loading: list.loading,
    reload: list.reload,
    error: list.error
      ? productId == null
        ? TEST_EQUIPMENT_LIST_ERRORS.all
        : TEST_EQUIPMENT_LIST_ERRORS.product
      : null,
  }
}
