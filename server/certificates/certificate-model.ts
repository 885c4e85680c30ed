import {
  NA_TEXT,
  fromServerData,
  judgeRecord,
  measuredResult,
  readTestEntry,
  resolveLimits,
  testTypeIssue,
  variableOf,
  type Control,
  type FormLayout,
} from '../../schemas/form-layout/index'
import { parameterValues } from '../../schemas/entities/test-parameter'
import { EQUIPMENT_HEAD, serialsOf, snapshotRow, unrecordedRow } from './certificate-equipment'
import { formatDate } from './certificate-dates'
import { approvalLines, calibrationVerdict, rejectionLine, signatureOf, stampsOf } from './certificate-state'
import { tableSection } from './certificate-table'
import { limitsOf, markOf, valueText } from './certificate-values'
import { CATEGORY_NAMES } from '../../schemas/records/index'
import type {
  CertificateImage,
  CertificateInput,
  CertificateModel,
  CertificateRow,
  CertificateSection,
} from './certificate-types'

export type {
  CertificateFile,
  CertificateImage,
  CertificateInput,
  CertificateModel,
  CertificateRow,
  CertificateSection,
  Mark,
} from './certificate-types'

export { formatDate } from './certificate-dates'
export { valueText } from './certificate-values'
export type { CertificateTable } from './certificate-table'

/** How the sections are written: calibration groups read as measurements, device ids as serials. */
interface SectionContext {
  layout: FormLayout
  data: Record<string, unknown>
  judged: ReturnType<typeof judgeRecord>
  calibration: boolean
  serials: ReadonlyMap<number, string>
}

/** The layout's controls as sections: top-level fields in one section, each group in its own. */
function sectionsOf({ layout, data, judged, calibration, serials }: SectionContext) {
  const sections: CertificateSection[] = []
  const top: CertificateSection = { title: 'Record', notes: [], rows: [] }
  // A calibration's checks are measurements (issue #15.3, `measuredResult`): a group nothing was measured
  // in has no result, where SPEC §4 would fail it (a skipped calibration read 'FAIL' twice).
  const groupMark = (variable: string) =>
    calibration ? markOf(measuredResult(layout, variable, data)) : markOf(judged.groups[variable])
  const visit = (controls: readonly Control[], into: CertificateSection) => {
    for (const control of controls) {
      if (control.visibleIf && control.id && judged.hiddenIds.has(control.id)) continue
      if (control.type === 'note') into.notes.push(control.label)
      else if (control.type === 'row') visit(control.children, into)
      else if (control.type === 'group') {
        const section: CertificateSection = {
          title: control.label ?? 'Group',
          mark: control.variable ? groupMark(control.variable) : undefined,
          notes: [],
          rows: [],
        }
        sections.push(section)
        visit(control.children, section)
      } else if (control.type === 'table') {
        // A table follows its group's other fields, as a section of its own (audit s9 F2).
        if (!judged.hidden.has(control.variable))
          sections.push(tableSection(control, data[control.variable], judged))
      } else {
        const variable = variableOf(control)
        if (!variable || judged.hidden.has(variable)) continue
        into.rows.push(rowOf(control, data[variable], judged.tests[variable], serials))
      }
    }
  }
  visit(layout.controls, top)
  return top.rows.length || top.notes.length ? [top, ...sections] : sections
}

function rowOf(
  control: Control,
  raw: unknown,
  result: unknown,
  serials: ReadonlyMap<number, string>,
): CertificateRow {
  const label = 'label' in control && typeof control.label === 'string' ? control.label : ''
  // Test equipment by the serials the record's devices carry, as the record view shows them (not '1, 2').
  if (control.type === 'testEquipment' && Array.isArray(raw))
    return {
      label,
      value: valueText(raw.map((id) => (typeof id === 'number' ? (serials.get(id) ?? id) : id))),
    }
  if (control.type !== 'testField' || testTypeIssue(control)) {
    const unit = 'unit' in control && typeof control.unit === 'string' ? ` ${control.unit}` : ''
    const text = valueText(raw, control)
    return { label, value: text === '—' ? text : `${text}${unit}` }
  }
  const unit = control.unit ? ` ${control.unit}` : ''
  const entry = readTestEntry(control, raw)
  const empty = entry.value === null || entry.value === undefined || entry.value === ''
  return {
    label: control.testNumber ? `${control.testNumber}. ${label}` : label,
    value: entry.na ? NA_TEXT : empty ? '—' : `${valueText(entry.value)}${unit}`,
    criterion: limitsOf(control, unit),
    mark: markOf(result),
  }
}

/**
 * The certificate of a record, judged again here by the layout revision and the test parameters it was
 * stored with (the same judge as capture and the server), so the document says what the record says.
 */
export function certificateModel(input: CertificateInput): CertificateModel {
  const { record, audit } = input
  const params = parameterValues(record.parameters ?? [])
  const layout = input.layout ? resolveLimits(input.layout, params).layout : null
  // A stored '-' where the layout offers n/a was n/a (SPEC §9), as the record view shows it.
  const judged = layout ? judgeRecord(layout, fromServerData(layout, record.data), params) : null
  const calibration = record.category === 'calibration'
  const serials = serialsOf(record, input.equipment)
  const sections =
    layout && judged ? sectionsOf({ layout, data: judged.data, judged, calibration, serials }) : []
  const owner = record.supplierName ?? record.deviceOwnerName ?? '—'
  const edited =
    audit.edits > 0
      ? ` · edited ${audit.edits}× — last by ${audit.lastBy ?? 'unknown'} on ${formatDate(audit.lastAt)} UTC`
      : ''
  const images: CertificateImage[] = []
  const files: string[] = []
  for (const file of input.files) {
    if (file.image && 'data' in file.image) images.push({ name: file.name, image: file.image })
    else if (file.image) files.push(`${file.name} (image not shown: ${file.image.error})`)
    else files.push(file.name)
  }
  // A calibration's verdict is its outcome as the device history stores it, not SPEC §4's verdict of its
  // checks (an empty as-found group would fail a calibration that was not required).
  const outcome = calibration ? calibrationVerdict(input.calibration) : null
  const capturedBy = audit.createdBy ?? 'unknown'
  return {
    heading: HEADINGS[record.category ?? 'test'] ?? HEADINGS.test,
    // A calibration record has no product type: its device's serial says what it is about.
    title: `${record.productTypeName ?? record.productSerialNumber} — ${record.recordTypeName}`,
    number: String(record.recordId),
    header: [
      ['Certificate no.', String(record.recordId)],
      ['Record type', record.recordTypeName],
      ['Category', CATEGORY_NAMES[record.category as keyof typeof CATEGORY_NAMES] ?? record.category],
      ['Date', `${formatDate(record.recordDate)} UTC`],
      ['Serial', record.productSerialNumber],
      ['Product type', record.productTypeName ?? '—'],
      [record.supplierName ? 'Supplier' : 'Owner', owner],
      ['Captured by', `${capturedBy} on ${formatDate(record.createdAt)} UTC`],
      ['Layout revision', record.layoutVersion == null ? '—' : String(record.layoutVersion)],
    ],
    sections,
    ...(outcome
      ? { verdict: outcome.mark, judged: true, verdictLine: outcome.line }
      : {
          verdict: markOf(record.testResult),
          judged:
            !calibration &&
            sections.some((s) => s.mark !== undefined || s.rows.some((r) => r.criterion !== undefined)),
        }),
    issued:
      `Issued on ${formatDate(input.issuedAt ?? new Date())} UTC from record ${record.recordId} as stored` +
      `${record.layoutVersion == null ? '' : ` (layout revision ${record.layoutVersion})`}. ` +
      // A path when no APP_URL says where the app is (certificate-origin.ts): no address to scan (a path
      // is no link), so no QR code, and none mentioned. The QR code heads the certificate's first page,
      // which this closing text may not be on.
      (input.url.startsWith('/')
        ? `The record can be seen in the app at ${input.url}.`
        : `The record can be seen at ${input.url} (the QR code at the top of this certificate's first page).`),
    capturedBy,
    // What was true when each device was used, as frozen with the record (issue #15.2); a device linked
    // without a snapshot is named with its state said to be unrecorded, never with today's calibration.
    equipment: [...(record.testEquipmentUsed ?? []).map(snapshotRow), ...input.equipment.map(unrecordedRow)],
    parameters: (record.parameters ?? []).map((p) => `${p.key} = ${p.value}${p.unit ? ` ${p.unit}` : ''}`),
    images,
    files,
    organisation: input.organisation,
    footer: `Record ${record.recordId} · ${record.productSerialNumber}${edited}`,
    url: input.url,
    stamps: stampsOf(record),
    stampNotes: record.reviewState === 'rejected' ? [rejectionLine(input.rejection)] : [],
    approvals: approvalLines(record, input.approval),
    signature: signatureOf(record, input.approval),
  }
}

/** The certificate's title by the record's category (SPEC §2's record names for despatch and problem reports). */
const HEADINGS: Record<string, string> = {
  test: 'Test certificate',
  calibration: 'Calibration certificate',
  despatch: 'Despatch record',
  problemReport: 'Problem report record',
}

export { EQUIPMENT_HEAD }
