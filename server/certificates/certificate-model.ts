import {
  NA_TEXT,
  fromServerData,
  judgeRecord,
  readTestEntry,
  resolveLimits,
  testTypeIssue,
  variableOf,
  type Control,
  type FormLayout,
} from '../../schemas/form-layout/index'
import { parameterValues } from '../../schemas/entities/test-parameter'
import type { Thumbnail } from './certificate-images'
import { equipmentRow, snapshotRow } from './certificate-equipment'
import { formatDate } from './certificate-dates'
import type { Approval } from './certificate-reads'
import { approvalLines, signatureOf, stampsOf, type Signature } from './certificate-state'
import { tableSection, type CertificateTable } from './certificate-table'
import { limitsOf, markOf, valueText } from './certificate-values'
import { CATEGORY_NAMES, type RecordDetail, type TestEquipment } from '../../schemas/records/index'

/** A result as the certificate marks it: a word that survives black-and-white printing. */
export type Mark = 'PASS' | 'FAIL' | 'N/A' | ''

/** One line of a section: a field's label and value, or a test with its criterion and result. */
export interface CertificateRow {
  label: string
  value: string
  criterion?: string
  mark?: Mark
}

/**
 * A group of the layout (or the record's top level): a heading, its rows and nested notes; or a
 * measurement table, headed by its label and result, with its rows as a table of their own.
 */
export interface CertificateSection {
  title: string
  mark?: Mark
  notes: string[]
  rows: CertificateRow[]
  table?: CertificateTable
}

/** An uploaded image the certificate shows as a thumbnail. */
export interface CertificateImage {
  name: string
  image: Thumbnail
}

/** A file linked to the record: an image carries its thumbnail, or why it cannot be shown. */
export interface CertificateFile {
  name: string
  image?: Thumbnail | { error: string }
}

/** Everything a certificate shows, as text: the PDF writer only lays it out. */
export interface CertificateModel {
  /** 'Test certificate', or 'Calibration certificate' for a calibration record. */
  heading: string
  title: string
  number: string
  header: [label: string, value: string][]
  sections: CertificateSection[]
  verdict: Mark
  /** Whether the layout has tests at all: a record without (a calibration, a despatch) shows no verdict box. */
  judged: boolean
  /** The closing lines: when and from what the certificate was issued, and who tested. */
  issued: string
  testedBy: string
  equipment: string[][]
  parameters: string[]
  /** Uploaded PNG/JPEG images, shown as thumbnails. */
  images: CertificateImage[]
  /** Other uploads by name; an image that cannot be shown is named with the reason. */
  files: string[]
  footer: string
  url: string
  /**
   * What the record's state says across every page and under the heading (issues #19, audit s9): 'DRAFT
   * — not approved' while it waits, 'REJECTED — not valid', 'SUPERSEDED — replaced by record N'. Empty
   * for a current record that counts.
   */
  stamps: string[]
  /** 'Reviewed by … on …', 'Approved by … on …' of an approved record (from its transitions). */
  approvals: string[]
  /** The signature line beside 'Tested by'. */
  signature: Signature
}

/** What the server gathers for one certificate. */
export interface CertificateInput {
  record: RecordDetail
  layout: FormLayout | null
  equipment: TestEquipment[]
  files: CertificateFile[]
  audit: { edits: number; lastBy: string | null; lastAt: Date | null; createdBy: string | null }
  organisation: string
  url: string
  /** The record's last approval (record_transitions), if it has one. */
  approval?: Approval
  /** When the certificate is made (now unless given). */
  issuedAt?: Date
}

export { formatDate } from './certificate-dates'
export { valueText } from './certificate-values'
export type { CertificateTable } from './certificate-table'

/** The layout's controls as sections: top-level fields in one section, each group in its own. */
function sectionsOf(
  layout: FormLayout,
  data: Record<string, unknown>,
  judged: ReturnType<typeof judgeRecord>,
) {
  const sections: CertificateSection[] = []
  const top: CertificateSection = { title: 'Record', notes: [], rows: [] }
  const visit = (controls: readonly Control[], into: CertificateSection) => {
    for (const control of controls) {
      if (control.visibleIf && control.id && judged.hiddenIds.has(control.id)) continue
      if (control.type === 'note') into.notes.push(control.label)
      else if (control.type === 'row') visit(control.children, into)
      else if (control.type === 'group') {
        const section: CertificateSection = {
          title: control.label ?? 'Group',
          mark: control.variable ? markOf(judged.groups[control.variable]) : undefined,
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
        into.rows.push(rowOf(control, data[variable], judged.tests[variable]))
      }
    }
  }
  visit(layout.controls, top)
  return top.rows.length || top.notes.length ? [top, ...sections] : sections
}

function rowOf(control: Control, raw: unknown, result: unknown): CertificateRow {
  const label = 'label' in control && typeof control.label === 'string' ? control.label : ''
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
  const sections = layout && judged ? sectionsOf(layout, judged.data, judged) : []
  const owner = record.supplierName ?? record.deviceOwnerName ?? '—'
  const edited =
    audit.edits > 0
      ? ` · edited ${audit.edits}× — last by ${audit.lastBy ?? 'unknown'} on ${formatDate(audit.lastAt)}`
      : ''
  const images: CertificateImage[] = []
  const files: string[] = []
  for (const file of input.files) {
    if (file.image && 'data' in file.image) images.push({ name: file.name, image: file.image })
    else if (file.image) files.push(`${file.name} (image not shown: ${file.image.error})`)
    else files.push(file.name)
  }
  return {
    heading: record.category === 'calibration' ? 'Calibration certificate' : 'Test certificate',
    // A calibration record has no product type: its device's serial says what it is about.
    title: `${record.productTypeName ?? record.productSerialNumber} — ${record.recordTypeName}`,
    number: String(record.recordId),
    header: [
      ['Certificate no.', String(record.recordId)],
      ['Record type', record.recordTypeName],
      ['Category', CATEGORY_NAMES[record.category as keyof typeof CATEGORY_NAMES] ?? record.category],
      ['Date', formatDate(record.recordDate)],
      ['Serial', record.productSerialNumber],
      ['Product type', record.productTypeName ?? '—'],
      [record.supplierName ? 'Supplier' : 'Owner', owner],
      [
        'Captured by',
        audit.createdBy
          ? `${audit.createdBy} on ${formatDate(record.createdAt)}`
          : formatDate(record.createdAt),
      ],
      ['Layout revision', record.layoutVersion == null ? '—' : String(record.layoutVersion)],
    ],
    sections,
    verdict: markOf(record.testResult),
    judged: sections.some((s) => s.mark !== undefined || s.rows.some((r) => r.criterion !== undefined)),
    issued:
      `Issued on ${formatDate(input.issuedAt ?? new Date())} UTC from record ${record.recordId} as stored` +
      `${record.layoutVersion == null ? '' : ` (layout revision ${record.layoutVersion})`}. ` +
      // A path when no APP_URL says where the app is (certificate-origin.ts): no address to scan (a path
      // is no link), so no QR code, and none mentioned.
      (input.url.startsWith('/')
        ? `The record can be seen in the app at ${input.url}.`
        : `The record can be seen at ${input.url} (the QR code above).`),
    testedBy: audit.createdBy ?? '—',
    // What was true when the device was used; records from before snapshots show today's calibration.
    equipment: record.testEquipmentUsed?.length
      ? record.testEquipmentUsed.map(snapshotRow)
      : input.equipment.map((te) => equipmentRow(te, record.recordDate)),
    parameters: (record.parameters ?? []).map((p) => `${p.key} = ${p.value}${p.unit ? ` ${p.unit}` : ''}`),
    images,
    files,
    footer: `${input.organisation} · Record ${record.recordId} · ${record.productSerialNumber}${edited}`,
    url: input.url,
    stamps: stampsOf(record),
    approvals: approvalLines(record, input.approval),
    signature: signatureOf(record, input.approval),
  }
}
