import type { FormLayout } from '../../schemas/form-layout/index'
import type { RecordDetail, TestEquipment } from '../../schemas/records/index'
import type { Thumbnail } from './certificate-images'
import type { Approval, CalibrationOutcome, Rejection } from './certificate-reads'
import type { Signature } from './certificate-state'
import type { CertificateTable } from './certificate-table'

/*
 * What a certificate is made of, as data: the model (certificate-model.ts) fills these, the PDF writer
 * (certificate-pdf.ts) only lays them out.
 */

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
  /**
   * By category: 'Test certificate', 'Calibration certificate', 'Despatch record' or 'Problem report
   * record' (SPEC §2 names the last two 'Despatch Record' and 'Problem Report Record').
   */
  heading: string
  title: string
  number: string
  header: [label: string, value: string][]
  sections: CertificateSection[]
  verdict: Mark
  /** Whether the record has a verdict at all: one without tests (a despatch) shows no verdict box. */
  judged: boolean
  /**
   * The framed line's text when it is not 'Overall verdict: …': a calibration's outcome as its history
   * stores it ('As found: PASS · As left: PASS', 'Calibration not required').
   */
  verdictLine?: string
  /** The closing lines: when and from what the certificate was issued. */
  issued: string
  /** The account that captured the record ('unknown' when no audit row names it), above its signature line. */
  capturedBy: string
  /** Rows under `EQUIPMENT_HEAD` (certificate-equipment.ts): as frozen with the record, or named with their state not recorded. */
  equipment: string[][]
  parameters: string[]
  /** Uploaded PNG/JPEG images, shown as thumbnails. */
  images: CertificateImage[]
  /** Other uploads by name; an image that cannot be shown is named with the reason. */
  files: string[]
  /** The organisation's name, first in every page's footer (shortened there when it does not fit). */
  organisation: string
  /** The rest of the footer, always printed whole: 'Record 7 · NWT:7 · edited 2× — last by … on …'. */
  footer: string
  url: string
  /**
   * What the record's state says across every page and under the heading (issues #19, audit s9): 'DRAFT
   * — not approved' while it waits, 'REJECTED — not valid', 'SUPERSEDED — replaced by record N'. Empty
   * for a current record that counts.
   */
  stamps: string[]
  /** Under the stamps of a rejected record: who rejected it, when and why. */
  stampNotes: string[]
  /** 'Reviewed by … on …', 'Approved by … on …' of an approved record (from its transitions). */
  approvals: string[]
  /** The signature line beside 'Captured by'. */
  signature: Signature
}

/** What the server gathers for one certificate. */
export interface CertificateInput {
  record: RecordDetail
  layout: FormLayout | null
  /** Devices the record links without a snapshot (see `unrecordedDevices`): named, state not recorded. */
  equipment: TestEquipment[]
  files: CertificateFile[]
  audit: { edits: number; lastBy: string | null; lastAt: Date | null; createdBy: string | null }
  organisation: string
  url: string
  /** The record's last approval (record_transitions), if it has one. */
  approval?: Approval
  /** The record's last rejection, if it was rejected. */
  rejection?: Rejection
  /** A calibration record's outcome (its calibration_history row). */
  calibration?: CalibrationOutcome
  /** When the certificate is made (now unless given). */
  issuedAt?: Date
}
