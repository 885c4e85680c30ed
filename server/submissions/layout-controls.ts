import { walkControls, type FormLayout } from '../../schemas/form-layout/index'
import type { CalibrationPolicy } from '../../schemas/records/index'

/** The controls of a layout that attach something to a record, in document order. */
export interface AttachmentControls {
  /** Upload controls (documents): the variable, and whether it takes PDF only (a document control, SPEC §5). */
  uploads: readonly { variable: string; pdfOnly: boolean }[]
  /** Variables of testEquipment controls, each with its calibration policy. */
  equipment: readonly { variable: string; policy: CalibrationPolicy | undefined }[]
}

const found = new WeakMap<FormLayout, AttachmentControls>()

/**
 * A layout's upload and test-equipment controls, found by one walk of the layout per layout object
 * (issue #17.3): a CSV file's rows share their layout revision's object, and walking the whole tree for
 * each of 100,000 rows, twice, cost more than reading the few controls it finds. Kept by the object, so
 * a layout no longer used is collected with its entry.
 */
export function attachmentControls(layout: FormLayout): AttachmentControls {
  let controls = found.get(layout)
  if (!controls) {
    const uploads: { variable: string; pdfOnly: boolean }[] = []
    const equipment: { variable: string; policy: CalibrationPolicy | undefined }[] = []
    for (const { control } of walkControls(layout.controls)) {
      if (control.type === 'upload')
        uploads.push({ variable: control.variable, pdfOnly: !!control.documentType })
      if (control.type === 'testEquipment')
        equipment.push({ variable: control.variable, policy: control.calibrationPolicy })
    }
    controls = { uploads, equipment }
    found.set(layout, controls)
  }
  return controls
}
