import { RECORD_MESSAGES } from '../../schemas/records'

/**
 * Texts the form widgets show. SPEC §8 texts are word for word (from schemas/records where they are
 * already shared with the server); the rest are ours and say plainly what happened.
 */
export const WIDGET_MESSAGES = {
  testEquipment: {
    /** SPEC §8. */
    notFoundSerial: RECORD_MESSAGES.testEquipmentNotFoundSerial,
    /** SPEC §8. */
    lookupFailed: (serial: string) =>
      `Unable to find test equipment for serial number ${serial} at this time`,
    /** SPEC §8. */
    loadFailed: 'An error occurred while loading test equipment',
    /** SPEC §8. */
    notFoundId: RECORD_MESSAGES.testEquipmentNotFoundId,
    alreadyAdded: (serial: string) => `${serial} is already in the list.`,
  },
  calibration: {
    noDevice: 'No device found',
    notCalibrated: 'Not calibrated',
    /** SPEC §4. */
    skipped: 'Calibration not required',
    /** SPEC §4. */
    expired: (duration: string) => `Calibration expired ${duration} ago!`,
    /** SPEC §4. */
    valid: (duration: string) => `Valid for ${duration}`,
    /** Ours (issue #15.3 sets it): a device found out of tolerance by a later calibration. */
    suspect: 'Calibration suspect: found out of tolerance',
  },
  scan: {
    /** SPEC §2. */
    title: 'Scan Test Equipment Barcode',
    barcodeTitle: 'Scan Barcode',
    noCamera: 'No camera is available. Type the code instead.',
    starting: 'Starting the camera…',
  },
  documents: {
    /** SPEC §8. */
    loadFailed: RECORD_MESSAGES.documentNotFound,
  },
  upload: {
    invalidExtension: (name: string, accepted: readonly string[]) =>
      `${name} is not an accepted file type (${accepted.join(' ')}).`,
    failed: (reason: string) => `Upload failed: ${reason}`,
  },
  serial: {
    lookupFailed: (reason: string) => `The serial number could not be checked: ${reason}`,
    historyFailed: 'The last records could not be loaded.',
    /** A product with no record that counts (review state none or approved): none at all. */
    noRecords: 'No records yet',
    /** The same while a record of it waits for review or approval (walk 14). */
    noApprovedRecord: 'No approved record yet',
  },
  list: {
    loadFailed: (reason: string) => `The list could not be loaded: ${reason}`,
  },
  number: {
    /** A number box holds text the browser cannot read as a number ('0.4e', '7-'): nothing was taken. */
    unreadable: 'Enter a number.',
  },
} as const
