/**
 * SPEC §5 texts about record types, form fields and data entry, word for word. Templates are
 * functions so a caller cannot forget a placeholder.
 */
export const FORM_LAYOUT_MESSAGES = {
  recordType: {
    nameRequired: 'You must give the record type a name.',
    nameTooLong: 'Record name must not exceed 50 characters',
    fieldRequired: (label: string) => `${label} is required.`,
    noForm: 'No data entry form created',
    variableNotFound: (variable: string) => `Variable "${variable}" not found in data entry form`,
    componentProductType: 'You cannot select an empty product type for a component.',
    componentSerialField: 'You must specify a serial field for a component.',
    duplicateVariable: (variable: string) => `Variable ${variable} is already defined.`,
    /** Ours (issue #15.3): the as-found result must be judged, so it names a test or a group. */
    conditionNotJudged: (label: string, variable: string) =>
      `${label} "${variable}" must be a test or a group: its Pass or Fail is the device's condition.`,
    /** Ours (audit s9 F11): a test field whose kind is a known one in another case, so it would judge nothing. */
    testTypeCase: (variable: string, given: string, known: string) =>
      `Test field ${variable} has the test type "${given}"; test types are case-sensitive: write "${known}".`,
  },
  dataEntry: {
    testEquipmentMin: (n: number, label: string) => `At least ${n} test equipment required for ${label}`,
  },
  formFields: {
    timespanUnitRequired: (label: string) =>
      `Unit of time is required for timespan controls, update the record type to enter ${label} data`,
    invalidTestType: 'A TestField was created here with an invalid test type',
    serialNotFound: 'Could not find serial number.',
  },
  /** Ours: the layout document itself. */
  layout: {
    duplicateControlId: (id: string) => `Control id "${id}" is used by more than one control.`,
  },
} as const

/** SPEC §9: record type name maximum. */
export const RECORD_TYPE_NAME_MAX = 50

/**
 * Not SPEC texts: what a record value breaks when the data schema (data-schema.ts) refuses it. They
 * name no field (a form shows them under the field; the server puts the field label in front), so
 * controls with equal rules share one compiled validator.
 */
export const DATA_VALUE_MESSAGES = {
  date: 'must be a date (yyyy-MM-dd, or an ISO 8601 date and time)',
  /** The same for a CSV cell, which is read in the forms docs/csv-upload.md lists (text-values.ts). */
  csvDate: 'must be a date (DD/MM/YYYY or DD-MM-YYYY, with HH:mm if timed, or ISO 8601 such as 2024-05-01)',
  duration: 'must be an ISO 8601 duration such as P12M, with a value of 0 or more',
  checkbox: 'must be true or false',
  text: 'must be text',
  choice: (values: readonly string[]) => `must be one of ${values.join(', ')}`,
  tooManyValues: (n: number) => `allows at most ${n} ${n === 1 ? 'value' : 'values'}`,
  listOfValues: 'must be a list of distinct values',
  groupResult: 'must be Pass, Fail, - or n/a',
  testResult: 'must be a test result: a value and Pass, Fail, - or n/a',
  /** A choice test's value (Yes/No, Pass/Fail, a selection): one of the answers it offers, as written. */
  testChoice: (choices: readonly string[]) =>
    choices.length === 1
      ? `must be ${choices[0]}`
      : `must be ${choices.slice(0, -1).join(', ')} or ${choices[choices.length - 1]}`,
  testEquipment: 'must be a list of distinct test equipment ids',
  document: 'must be an uploaded document',
  number: 'must be a number',
} as const
