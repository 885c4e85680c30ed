import type { RuntimeServices } from '../../runtime/form/services'
import type { DocumentInfo, Product, TestEquipment } from '../../schemas/records'

const day = 86_400_000

function equipment(
  id: number,
  serial: string,
  description: string,
  calibration: TestEquipment['latestCalibration'],
): TestEquipment {
  return {
    id,
    serialNumberPrefix: 'TE:',
    serialNumber: { full: `TE:${serial}`, prefix: 'TE:', value: serial },
    description,
    location: { id: 1, name: 'Workshop A' },
    owner: { id: 1, name: 'Northern Grid' },
    assetTag: `AT-${id}`,
    latestCalibration: calibration,
  }
}

const now = Date.now()
const EQUIPMENT: TestEquipment[] = [
  equipment(1, '0001', 'Insulation tester 5 kV', {
    skipped: false,
    date: new Date(now - 100 * day).toISOString(),
    expires: new Date(now + 265 * day).toISOString(),
    calibrator: { id: 1, name: 'Calibration House Ltd' },
  }),
  equipment(2, '0002', 'Turns ratio meter', {
    skipped: false,
    date: new Date(now - 400 * day).toISOString(),
    expires: new Date(now - 35 * day).toISOString(),
    calibrator: { id: 1, name: 'Calibration House Ltd' },
  }),
  equipment(3, '0003', 'Torch', { skipped: true, date: null, expires: null, calibrator: null }),
  equipment(4, '0004', 'Clamp meter', null),
]

const PRODUCT: Product = {
  id: 7,
  serialNumber: '1001',
  serialNumberPrefix: 'NWT:',
  productSerialNumber: 'NWT:1001',
  assetModelId: 100200,
  assetModel: 'Distribution Transformer',
  assetManufacturerName: 'Northwind Transformers',
  dateOfLastRecord: '2025-03-14T09:30:00Z',
  currentStatus: 'pass',
  attributes: [],
}

const LISTS: Record<string, unknown> = {
  '/api/Customers': [
    { id: 1, name: 'Northern Grid' },
    { id: 2, name: 'Southern Power' },
  ],
  '/api/AssetModels/attributes/100200/FaultRepairItems': {
    key: 'FaultRepairItems',
    value: JSON.stringify(['Bushing', 'Gasket', 'Tap changer', 'Radiator']),
  },
  '/api/sites/North%20depot/locations': [{ name: 'Bay 1' }, { name: 'Bay 2' }],
  '/api/sites/South%20depot/locations': [{ name: 'Yard' }],
}

/** In-memory services for the demo page: a small answer for every call, with a little latency. */
export function demoServices(): RuntimeServices {
  const later = <T>(value: T, ms = 150) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms))
  return {
    context: { productTypeId: 100200, recordTypeId: 1, supplierId: 1 },
    fetchJson: (_host, path) =>
      path in LISTS ? later(LISTS[path]) : Promise.reject(new Error(`No demo data for ${path}`)),
    async uploadDocument(file, options) {
      for (let p = 0; p <= 100; p += 20) {
        options.onProgress(p)
        await later(null, 120)
      }
      const info: DocumentInfo = {
        originalFilename: file.name,
        savedFilename: `demo-${file.name}`,
        contentType: file.type || 'application/octet-stream',
        documentType: options.documentType ?? null,
      }
      return info
    },
    downloadDocument: () => Promise.reject(new Error('demo')),
    lookupSerial: (serial) => later(/1001$/.test(serial) ? PRODUCT : null),
    recentRecords: () =>
      later([
        {
          recordId: 31,
          recordTypeId: 1,
          productSerialNumber: 'NWT:1001',
          recordTypeName: 'Routine test',
          testResult: 'pass' as const,
          recordDate: '2025-03-14T09:30:00Z',
        },
        {
          recordId: 12,
          recordTypeId: 1,
          productSerialNumber: 'NWT:1001',
          recordTypeName: 'Routine test',
          testResult: 'fail' as const,
          recordDate: '2024-11-02T14:05:00Z',
        },
      ]),
    testEquipmentBySerial: (serial) =>
      later(EQUIPMENT.filter((e) => e.serialNumber.full === serial || e.serialNumber.value === serial)),
    testEquipmentById: (id) => later(EQUIPMENT.find((e) => e.id === id) ?? null),
    recordsHref: (serial) => `/Records?filter=productSerialNumber&value=${encodeURIComponent(serial)}`,
  }
}
