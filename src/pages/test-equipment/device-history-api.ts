import type {
  CalibrationHistoryItem,
  EquipmentUsageFilter,
  EquipmentUsagePage,
  ImpactCase,
  ImpactCasePage,
} from '../../../schemas/records'
import { api } from '../../api/client'

const enc = (filter: unknown) => encodeURIComponent(JSON.stringify(filter))

/** A device's calibration history, usage and impact cases (issue #15.3), for /TestEquipment/{id}. */
export const deviceHistoryApi = {
  calibrations: (id: number, signal?: AbortSignal) =>
    api.get<CalibrationHistoryItem[]>('itr', `/api/testEquipment/${id}/calibrations`, { signal }),
  usage: (id: number, pageIndex: number, size: number, filter: EquipmentUsageFilter, signal?: AbortSignal) =>
    api.get<EquipmentUsagePage>(
      'itr',
      `/api/testEquipment/${id}/usage/page/${pageIndex + 1}/size/${size}/filter/${enc(filter)}`,
      { signal },
    ),
  /** The device's open cases, newest first. */
  openCases: (id: number, signal?: AbortSignal) =>
    api.get<ImpactCasePage>(
      'itr',
      `/api/ImpactCases/page/1/size/20/filter/${enc({ testEquipmentId: id, status: 'open' })}`,
      { signal },
    ),
  /** Opens a case for the records used after the calibration expired. */
  openLapsedCase: (id: number) => api.post<ImpactCase>('itr', '/api/ImpactCases', { testEquipmentId: id }),
}
