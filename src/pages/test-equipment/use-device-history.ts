import { useResource } from '../../api/use-resource'
import { deviceHistoryApi } from './device-history-api'

/** The device's calibration history and open impact cases (issue #15.3); nothing while the id is unknown. */
export function useDeviceHistory(deviceId: number | null) {
  const history = useResource(
    (signal) => (deviceId ? deviceHistoryApi.calibrations(deviceId, signal) : Promise.resolve([])),
    [deviceId],
  )
  const cases = useResource(
    (signal) =>
      deviceId ? deviceHistoryApi.openCases(deviceId, signal).then((p) => p.result) : Promise.resolve([]),
    [deviceId],
  )
  return { history, openCases: cases.data ?? [] }
}
