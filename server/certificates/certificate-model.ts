import {
  NA_TEXT,
  fromServerData,
  judgeRecord,
  passChoiceOf,
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

/** A group of the layout (or the record's top level): a heading, its rows and nested notes. */
export interface CertificateSection {
  title: string
  mark?: Mark
  notes: string[]
  rows: CertificateRow[]
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
   * Issue #19's hook: a record not yet approved prints 'DRAFT — not approved' across every page and in
   * the header: set for a record that waits for review or approval, or was rejected.
   */
  draft: boolean
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
  /** See {@link CertificateModel.draft}; false unless given. */
  draft?: boolean
  /** When the certificate is made (now unless given). */
  issuedAt?: Date
}

export { formatDate } from './certificate-dates'

const MARKS: Record<string, Mark> = {
  Pass: 'PASS',
  Fail: 'FAIL',
  [NA_TEXT]: 'N/A',
  pass: 'PASS',
  fail: 'FAIL',
}
const markOf = (result: unknown): Mark => MARKS[String(result)] ?? ''

/** Any captured value as text: lists joined, booleans Yes/No, ISO dates as SPEC §9, documents by name. */
export function valueText(value: unknown): string {
  if (value == null || value === '') return '—'
  if (typeof value === 'boolean') return value ? 'Yes' : 'No'
  if (typeof value === 'number') return String(value)
  if (typeof value === 'string') {
    if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) return formatDate(value)
    if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return formatDate(value, false)
    return value
  }
  if (Array.isArray(value)) return value.length ? value.map(valueText).join(', ') : '—'
  const o = value as Record<string, unknown>
  for (const key of ['full', 'originalFilename', 'name'])
    if (typeof o[key] === 'string') return o[key] as string
  if ('value' in o) return valueText(o.value)
  return JSON.stringify(value)
}

function limitsOf(control: Extract<Control, { type: 'testField' }>, unit: string): string {
  if (control.testType !== 'numeric') return `Pass on "${passChoiceOf(control) ?? ''}"`
  const { min, max } = control
  if (min !== undefined && max !== undefined) return `${min} to ${max}${unit}`
  if (min !== undefined) return `≥ ${min}${unit}`
  if (max !== undefined) return `≤ ${max}${unit}`
  return 'No limits'
}

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
    const text = valueText(raw)
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
      `The record can be seen at ${input.url} (the QR code above).`,
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
    draft: input.draft ?? false,
  }
}
