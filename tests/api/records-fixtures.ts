import { eq, sql } from 'drizzle-orm'
import type { TestServer } from '../support/api'
import { TABLE_NAMES } from '../../schemas/entities/attribute'
import { SENSOR_TYPE_BY_CAPTURE } from '../../schemas/entities/data-point-type'
import type { FieldMappings, FormLayout } from '../../schemas/form-layout/index'
import { RECORD_TYPE_ATTRIBUTE_KEYS } from '../../schemas/records/index'
import {
  assetManufacturers,
  assetModelRecordTypes,
  calibrators,
  dataPointTypes,
  deviceOwnerLocations,
  deviceOwners,
  entityAttributes,
} from '../../server/db/schema/index'

/**
 * Record types of every category made for the records tests (independent of the demo record types), on
 * the demo reference data: Northwind Transformers makes 100200 (NWT: 1..5000, 10000..19999) and bushings
 * 100201 (NWB: 1..10000); Contoso makes 100203 (CRM: 1..2000); Eastern Power Networks owns test
 * equipment EPN-TE: 1..999 at Ipswich Depot.
 */
export interface RecordFixtures {
  northwind: number
  contoso: number
  owner: number
  ownerLocation: string
  calibrator: string
  transformer: number
  ringMainUnit: number
  types: {
    test: number
    /** A test type whose result is its one test field: an n/a there makes the record's result n/a. */
    spotCheck: number
    despatch: number
    problem: number
    calibration: number
    csv: number
  }
}

export const TEST_LAYOUT: FormLayout = {
  version: 2,
  title: 'Fixture test',
  controls: [
    { type: 'serial', variable: 'serial', label: 'Serial', required: true },
    { type: 'datepicker', variable: 'testDate', label: 'Test date', required: true },
    { type: 'singletext', variable: 'bushing', label: 'Bushing serial' },
    { type: 'testEquipment', variable: 'equipment', label: 'Test equipment used', min: 1 },
    {
      type: 'group',
      variable: 'result',
      label: 'Tests',
      children: [
        {
          type: 'testField',
          testType: 'numeric',
          variable: 'ratio',
          label: 'Ratio',
          min: 0,
          max: 1,
          naOption: true,
        },
      ],
    },
    { type: 'multitext', variable: 'comments', label: 'Comments' },
    { type: 'upload', variable: 'attachment', label: 'Attachment' },
  ],
}

const DESPATCH_LAYOUT: FormLayout = {
  version: 2,
  title: 'Fixture despatch',
  controls: [
    { type: 'serial', variable: 'serial', label: 'Serial', required: true },
    { type: 'datepicker', variable: 'date', label: 'Date' },
    { type: 'singletext', variable: 'job', label: 'Job' },
    { type: 'singletext', variable: 'customer', label: 'Customer' },
    { type: 'singletext', variable: 'batch', label: 'Batch' },
    { type: 'multitext', variable: 'serialised', label: 'Serialised' },
    { type: 'multitext', variable: 'nonSerialised', label: 'Non-serialised' },
  ],
}

const PROBLEM_LAYOUT: FormLayout = {
  version: 2,
  title: 'Fixture problem',
  controls: [
    { type: 'serial', variable: 'serial', label: 'Serial', required: true },
    { type: 'datepicker', variable: 'date', label: 'Date' },
    { type: 'multiselect', variable: 'faultItems', label: 'Fault items' },
    { type: 'multiselect', variable: 'repairItems', label: 'Repair items' },
    { type: 'multiselect', variable: 'faultDescriptives', label: 'Fault descriptives' },
    { type: 'multiselect', variable: 'repairDescriptives', label: 'Repair descriptives' },
  ],
}

const CALIBRATION_LAYOUT: FormLayout = {
  version: 2,
  title: 'Fixture calibration',
  controls: [
    { type: 'serial', variable: 'serial', label: 'Serial', required: true },
    { type: 'datepicker', variable: 'date', label: 'Date' },
    { type: 'singletext', variable: 'description', label: 'Description' },
    { type: 'singletext', variable: 'tag', label: 'Asset tag' },
    { type: 'dropdown', variable: 'location', label: 'Location' },
    { type: 'checkbox', variable: 'skip', label: 'Skip' },
    { type: 'dropdown', variable: 'house', label: 'House' },
    { type: 'timespan', variable: 'frequency', label: 'Frequency', unit: 'months' },
    { type: 'upload', variable: 'certificate', label: 'Certificate' },
  ],
}

export async function recordType(
  server: TestServer,
  name: string,
  category: string,
  capture: 'file' | 'form',
  mappings: FieldMappings,
  layout: FormLayout | null,
  productTypes: number[],
): Promise<number> {
  const db = server.database.db
  const [row] = await db
    .insert(dataPointTypes)
    .values({
      name,
      units: category,
      sensorTypeId: SENSOR_TYPE_BY_CAPTURE[capture],
      description: 'description',
    })
    .returning({ id: dataPointTypes.id })
  const attrs: { key: string; value: string }[] = [
    { key: RECORD_TYPE_ATTRIBUTE_KEYS.mappings, value: JSON.stringify(mappings) },
  ]
  if (layout) attrs.push({ key: RECORD_TYPE_ATTRIBUTE_KEYS.layout, value: JSON.stringify(layout) })
  await db
    .insert(entityAttributes)
    .values(attrs.map((a) => ({ ...a, tableName: TABLE_NAMES.recordType, entityId: row.id, name: a.key })))
  if (productTypes.length)
    await db
      .insert(assetModelRecordTypes)
      .values(productTypes.map((assetModelId) => ({ assetModelId, dataPointTypeId: row.id })))
  return row.id
}

/**
 * A form-capture calibration record type of `layout` mapping the variables the impact-case tests use
 * (serial, date, frequency, house, description, asFound); `more` maps further fields (asLeft, tag).
 */
export const calibrationRecordType = (
  server: TestServer,
  name: string,
  layout: FormLayout,
  more: Partial<FieldMappings> = {},
) =>
  recordType(
    server,
    name,
    'Calibration',
    'form',
    {
      serialField: 'serial',
      dateOfRecordField: 'date',
      calibrationFrequencyField: 'frequency',
      calibrationHouseField: 'house',
      assetDescriptionField: 'description',
      asFoundResultField: 'asFound',
      ...more,
    },
    layout,
    [],
  )

const idByName = async (
  server: TestServer,
  table: typeof assetManufacturers | typeof deviceOwners,
  name: string,
) => {
  const [row] = await server.database.db.select({ id: table.id }).from(table).where(eq(table.name, name))
  if (!row) throw new Error(`fixture: ${name} missing from the demo data`)
  return row.id
}

/** Creates the fixture record types on a test server's database. */
export async function recordFixtures(server: TestServer): Promise<RecordFixtures> {
  const db = server.database.db
  // Start from an empty records domain: the demo records would otherwise shift every count.
  await db.execute(
    sql`TRUNCATE record_transitions, impact_case_records, impact_cases, calibration_history, record_test_equipment, record_documents, product_test_equipment, records, products, calibration_reminders, test_equipment, jobs, idempotency_keys`,
  )
  const northwind = await idByName(server, assetManufacturers, 'Northwind Transformers')
  const contoso = await idByName(server, assetManufacturers, 'Contoso Switchgear')
  const owner = await idByName(server, deviceOwners, 'Eastern Power Networks')
  const [location] = await db
    .select({ name: deviceOwnerLocations.name })
    .from(deviceOwnerLocations)
    .where(eq(deviceOwnerLocations.ownerId, owner))
  const [calibrator] = await db
    .select({ name: calibrators.name })
    .from(calibrators)
    .orderBy(sql`id`)
  const transformer = 100200
  const ringMainUnit = 100203
  const types = {
    test: await recordType(
      server,
      'Fixture Test',
      'Test',
      'form',
      {
        serialField: 'serial',
        dateOfRecordField: 'testDate',
        resultField: 'result',
        components: [
          { id: 1, serialField: 'bushing', productType: { id: 100201, name: 'Transformer Bushing' } },
        ],
      },
      TEST_LAYOUT,
      [transformer, ringMainUnit],
    ),
    spotCheck: await recordType(
      server,
      'Fixture Spot Check',
      'Test',
      'form',
      { serialField: 'serial', dateOfRecordField: 'testDate', resultField: 'ratio' },
      TEST_LAYOUT,
      [transformer],
    ),
    despatch: await recordType(
      server,
      'Fixture Despatch',
      'Despatch',
      'form',
      {
        serialField: 'serial',
        dateOfRecordField: 'date',
        jobNumberField: 'job',
        customerNameField: 'customer',
        batchNumberField: 'batch',
        serialisedItemsField: 'serialised',
        nonSerialisedItemsField: 'nonSerialised',
      },
      DESPATCH_LAYOUT,
      [transformer],
    ),
    problem: await recordType(
      server,
      'Fixture Problem',
      'Problem Report',
      'form',
      {
        serialField: 'serial',
        dateOfRecordField: 'date',
        faultItemsField: 'faultItems',
        repairItemsField: 'repairItems',
        faultDescriptivesField: 'faultDescriptives',
        repairDescriptivesField: 'repairDescriptives',
      },
      PROBLEM_LAYOUT,
      [transformer],
    ),
    calibration: await recordType(
      server,
      'Fixture Calibration',
      'Calibration',
      'form',
      {
        serialField: 'serial',
        dateOfRecordField: 'date',
        skipCalibrationField: 'skip',
        calibrationCertificateField: 'certificate',
        calibrationFrequencyField: 'frequency',
        calibrationHouseField: 'house',
        locationField: 'location',
        assetTagField: 'tag',
        assetDescriptionField: 'description',
      },
      CALIBRATION_LAYOUT,
      [],
    ),
    csv: await recordType(
      server,
      'Fixture CSV',
      'Test',
      'file',
      { serialField: 'serial', dateOfRecordField: 'testDate', resultField: 'result' },
      null,
      [transformer],
    ),
  }
  return {
    northwind,
    contoso,
    owner,
    ownerLocation: location.name,
    calibrator: calibrator.name,
    transformer,
    ringMainUnit,
    types,
  }
}

/** A minimal valid PDF. */
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n')

/** A multipart body with one file field. */
export function multipart(
  filename: string,
  content: Buffer,
  field = 'file',
): { body: Buffer; headers: Record<string, string> } {
  const boundary = '----itrtest' + Math.random().toString(16).slice(2)
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
        `Content-Type: application/octet-stream\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ])
  return { body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }
}

/** Ids of the known records `seedKnownRecords` submits. */
export interface KnownRecords {
  equipmentId: number
  test: number[]
  contosoTest: number
  despatch: number
  problem: number
  calibration: number
}

/**
 * A small known data set, submitted through the API: Northwind tests NWT:1 (1 Jan 2026, pass), NWT:2
 * (2 Jan, fail), NWT:3 (3 Jan, n/a); Contoso test CRM:1 (4 Jan, pass); a despatch of NWT:1 (1 Feb, job
 * JOB-1 for Acme Utilities); a problem report on NWT:2 (1 Mar, Oil leak); a calibration of EPN-TE:7
 * (1 Apr). Every test used the calibrated item.
 */
export async function seedKnownRecords(server: TestServer, fx: RecordFixtures): Promise<KnownRecords> {
  const post = async (path: string, body: object) => {
    const res = await server.call('submission', 'POST', `/api/InstrumentTest/${path}`, {
      as: 'configurator',
      body,
    })
    if (res.statusCode !== 200) throw new Error(`seed ${path}: ${res.body}`)
    return res.json() as { recordId: number; testEquipmentId: number | null }
  }
  const calibration = await post('calibration', {
    deviceOwnerId: fx.owner,
    recordTypeId: fx.types.calibration,
    data: { serial: 'EPN-TE:7', date: '2026-04-01T00:00:00Z', skip: true, description: 'Multimeter' },
  })
  const equipmentId = calibration.testEquipmentId!
  // Verdicts are the server's (issue #12): each record's values give the result it is stored with.
  const test = (supplierId: number, productTypeId: number, serial: string, day: number, result: string) =>
    post('upload-single', {
      supplierId,
      productTypeId,
      recordTypeId: result === 'n/a' ? fx.types.spotCheck : fx.types.test,
      data: {
        serial,
        testDate: `2026-01-0${day}T12:00:00Z`,
        equipment: [equipmentId],
        ...(result === 'n/a' ? {} : { result }),
        ratio:
          result === 'n/a'
            ? { value: null, passOrFail: 'n/a' }
            : { value: result === 'Fail' ? 1 + 0.25 * day : 0.25 * day, passOrFail: result },
        comments: day === 1 ? '=HYPERLINK("http://evil.example","click")' : `Routine test ${day}`,
      },
    })
  const t1 = await test(fx.northwind, fx.transformer, 'NWT:1', 1, 'Pass')
  const t2 = await test(fx.northwind, fx.transformer, 'NWT:2', 2, 'Fail')
  const t3 = await test(fx.northwind, fx.transformer, 'NWT:3', 3, 'n/a')
  const contosoTest = await test(fx.contoso, fx.ringMainUnit, 'CRM:1', 4, 'Pass')
  const despatch = await post('despatch', {
    supplierId: fx.northwind,
    productTypeId: fx.transformer,
    recordTypeId: fx.types.despatch,
    data: {
      serial: 'NWT:1',
      date: '2026-02-01T00:00:00Z',
      job: 'JOB-1',
      customer: 'Acme Utilities',
      batch: 'B7',
    },
  })
  const problem = await post('upload-single', {
    supplierId: fx.northwind,
    productTypeId: fx.transformer,
    recordTypeId: fx.types.problem,
    data: {
      serial: 'NWT:2',
      date: '2026-03-01T00:00:00Z',
      faultItems: ['Oil leak'],
      repairItems: ['Replaced gasket'],
    },
  })
  return {
    equipmentId,
    test: [t1.recordId, t2.recordId, t3.recordId],
    contosoTest: contosoTest.recordId,
    despatch: despatch.recordId,
    problem: problem.recordId,
    calibration: calibration.recordId,
  }
}

/** A device of the fixture owner, calibrated through the real calibration call (skip: no certificate). */
export async function fixtureEquipment(server: TestServer, fx: RecordFixtures): Promise<number> {
  const res = await server.call('submission', 'POST', '/api/InstrumentTest/calibration', {
    as: 'internal',
    body: {
      deviceOwnerId: fx.owner,
      recordTypeId: fx.types.calibration,
      data: { serial: 'EPN-TE:7', date: '2026-04-01', skip: true },
    },
  })
  if (res.statusCode !== 200) throw new Error(`calibration: ${res.statusCode} ${res.body}`)
  return res.json().testEquipmentId as number
}
