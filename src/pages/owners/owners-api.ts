import { api } from '../../api/client'
import type {
  DeviceOwner,
  DeviceOwnerListItem,
  DeviceOwnerWrite,
  OwnerSerialRanges,
} from '../../../schemas/entities/device-owner'

/** SPEC §8 texts of the owner screens. */
export const OWNER_ERRORS = {
  loadOwners: 'Unable to load device owners at this time',
  loadOwner: 'Unable to load device owner at this time',
  update: 'Unable to update owner at this time',
  ranges: 'Unable to save test equipment serial ranges at this time',
  locations: 'Unable to save locations at this time',
  contacts: 'Unable to save calibration reminder contacts at this time',
} as const

/** The device owner calls of SPEC §7 ({itr}). */
export const ownersApi = {
  list: (signal?: AbortSignal) => api.get<DeviceOwnerListItem[]>('itr', '/api/deviceOwners', { signal }),
  get: (id: number, signal?: AbortSignal) =>
    api.get<DeviceOwner>('itr', `/api/deviceOwners/${id}`, { signal }),
  create: (body: DeviceOwnerWrite) => api.post<number>('itr', '/api/deviceOwners', body),
  update: (id: number, body: DeviceOwnerWrite) => api.patch<void>('itr', `/api/deviceOwners/${id}`, body),
  setRanges: (id: number, ranges: OwnerSerialRanges) =>
    api.put<unknown>('itr', `/api/deviceOwners/${id}/serialRanges/testEquipment`, ranges),
  setContacts: (id: number, contacts: string[]) =>
    api.put<unknown>('itr', `/api/deviceOwners/${id}/calibrationReminderContacts`, contacts),
  addLocation: (id: number, name: string) =>
    api.post<number>('itr', `/api/DeviceOwners/${id}/Locations`, { name }),
  renameLocation: (id: number, locationId: number, name: string) =>
    api.put<void>('itr', `/api/DeviceOwners/${id}/Locations/${locationId}`, { name }),
  deleteLocation: (id: number, locationId: number) =>
    api.delete<void>('itr', `/api/DeviceOwners/${id}/Locations/${locationId}`),
}
