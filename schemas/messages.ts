/**
 * User-facing texts of SPEC §5 and §8, word for word. The SPA shows them before any call and the
 * server returns the same ones for the same bad input, so both read them from here.
 */
export const MESSAGES = {
  login: {
    unauthorized: 'User is Unauthorized.',
    response: (status: number, statusText: string) => `Response ${status}: ${statusText}`,
    network: (error: string) => `An error has occurred: ${error}`,
  },
  generic: {
    apiError: (message: string) => `API Error: ${message}`,
    noRefreshToken: 'No refresh token cookie.',
    refreshFailed: (status: number, statusText: string) =>
      `Token couldn't be refresh, HTTP code ${status}: ${statusText}`,
    redirecting: 'Unauthorised. Redirecting to login.',
    notAuthorisedPage: 'You are not authorised to see this page.',
  },
  supplier: {
    nameRequired: 'You must give the supplier a name.',
    emptyProduct: 'You cannot select an empty product for this supplier',
    prefixRequired: 'You must provide a prefix for each serial range',
    minMaxRequired: 'You must provide a maximum and minimum value for each serial range',
    minBelowMax: 'Maximum serial range value must be greater than the minimum value',
    rangeUsed: (name: string) => `Serial range is already used for supplier ${name}`,
    duplicateProduct: (name: string) => `The product type: "${name}" has already been selected.`,
    /** Not a SPEC text: the server's answer for an unknown supplier id. */
    notFound: (id: number | string) => `Supplier ${id} does not exist`,
    /** Not a SPEC text: worded as the owner's (SPEC §5), whose names are unique ignoring case too. */
    nameTaken: 'A supplier with this name already exists, please edit this supplier instead',
    /** Not a SPEC text: the supplier view may only read its own supplier. */
    notOwnSupplier: 'You may only see your own supplier.',
    /** Not a SPEC text: the SupplierProducts value is not a JSON list of products. */
    productsNotJson: 'The supplier products must be a JSON list of product types with serial ranges.',
  },
  productType: {
    nameRequired: 'You must give the product type a name.',
    emptyRecordType: 'You cannot select an empty record type.',
    notFound: 'Product type does not exist',
    /** Not a SPEC text: worded as the owner's (SPEC §5), whose names are unique ignoring case too. */
    nameTaken: 'A product type with this name already exists, please edit this product type instead',
    /** SPEC §9: product type 100210 can never be deleted; the wording is ours. */
    protected: (id: number) => `Product type ${id} cannot be deleted.`,
    /** Not SPEC texts: parent mapping mistakes. */
    ownParent: 'A product type cannot be its own parent.',
    parentCycle: 'A product type cannot be a sub component of its own sub component.',
    mappingNotFound: 'The parent mapping does not exist.',
    mappingTable: 'Only AssetModels parent mappings are supported.',
    recordTypeNotFound: (id: number) => `Record type ${id} does not exist`,
    recordTypeRepeated: (id: number) => `Record type ${id} is listed more than once.`,
    inUse: (name: string) => `Product type ${name} is in use and cannot be deleted.`,
  },
  owner: {
    nameRequired: 'You must give the owner a name.',
    nameTaken: 'An owner with this name already exists, please edit this owner instead',
    prefixRequired: 'Serial ranges must be given a prefix',
    /** SPEC §5 states the rule (prefix ends with the separator) but no text; this is ours. */
    prefixSeparator: (separator: string) => `Serial range prefixes must end with '${separator}'`,
    minMaxRequired: 'You must provide a maximum and minimum value for each serial range',
    maxBelowMin: 'Serial range maximum must be greater than or equal to minimum',
    duplicateLocations: 'Please remove the following duplicate locations:',
    /** SPEC §5 rejects duplicate contacts without a text; this mirrors the locations message. */
    duplicateContacts: 'Please remove the following duplicate contacts:',
    invalidContacts: 'The following contacts do not have a valid email address:',
    invalidId: (id: string) => `Invalid owner ID: ${id}`,
    /** SPEC §2: the name is editable only for owners created in ITR; the text is ours. */
    nameLocked: 'The name of this owner cannot be changed because it was not created in ITR.',
    /** Not SPEC texts: parent owner mistakes. */
    ownParent: 'An owner cannot be its own parent.',
    parentCycle: 'An owner cannot be the parent of its own parent.',
    notFound: (id: number | string) => `Device owner ${id} does not exist`,
    locationNameRequired: 'You must give the location a name.',
    locationNotFound: (id: number | string) => `Location ${id} does not exist`,
    locationInUse: (name: string) => `Location ${name} is in use and cannot be deleted.`,
    unexpectedRangeType: 'Unexpected serial range type',
  },
  calibrator: {
    /** SPEC §5 only says the name is sent; these texts are ours. */
    nameRequired: 'You must give the calibrator a name.',
    nameTaken: 'A calibrator with this name already exists',
    notSaved: 'Item has not been saved',
    notFound: (id: number | string) => `Calibrator ${id} does not exist`,
    inUse: (name: string) => `Calibrator ${name} is in use and cannot be deleted.`,
    saved: (name: string) => `Saved calibrator ${name}`,
    deleted: (name: string) => `Deleted calibrator ${name}`,
  },
  surveyRepair: {
    nameRequired: 'You must provide a name for the Survey/Repair type.',
    kindRequired: 'You must select either item or descriptive from the dropdown.',
    categoryRequired: 'You must select a Survey/Repair type from the dropdown.',
    productRequired: 'You must select an associated product for a Survey/Repair item',
    productInvalid: 'Associated Product must have a valid ID.',
    invalidUrlType: 'Invalid type in URL must be either item, rdesc, fdesc',
    invalidCategory: 'Invalid survey/repair category',
    deleted: 'Successfully deleted survey/repair type',
    /** SPEC §3: items are unique by name within a product type; the text is ours. */
    duplicateItems: 'Please remove the following duplicate survey/repair items:',
    itemsNotJson: 'The survey/repair items must be a JSON list of names.',
    descriptiveNotFound: (id: number | string) => `Survey/Repair descriptive ${id} does not exist`,
  },
  configuration: {
    /** Not a SPEC text: a configuration row that does not exist. */
    notFound: (domain: string, id: number | string) => `Configuration entry ${domain}/${id} does not exist`,
  },
  /** Not SPEC texts: an entity's name that is not text, or too long (a blank one has the entity's text). */
  name: {
    notText: (what: string) => `The ${what} name must be text.`,
    tooLong: (what: string, max: number) => `The ${what} name may be at most ${max} characters.`,
  },
  attribute: {
    /** Not SPEC texts: attribute rows. */
    keyRequired: 'An attribute needs a key.',
    keyNotText: 'The attribute key must be text.',
    keyTooLong: 'The attribute key may be at most 100 characters.',
    notFound: (key: string) => `Attribute ${key} does not exist`,
  },
  customer: {
    nameRequired: 'You must give the customer a name.',
  },
  /** Not SPEC texts: the bounds every serial range number keeps (supplier and owner ranges alike). */
  serialRange: {
    outOfBounds: 'Serial range min and max must be whole numbers from 0 to 2147483647.',
  },
  /**
   * Not SPEC texts: a key a write body does not take (audit s9 F7, as the submission's). `unknownField` is
   * an ajv-errors template: `${0}` is replaced with the key, quoted, by the body schema
   * (schemas/entities/closed-body.ts), on the server and in the SPA's validators alike.
   */
  body: {
    unknownField: (what: string, accepted: readonly string[]) =>
      'Unknown field in the ' + what + ': ${0}. ' + `It holds ${accepted.join(', ')}.`,
  },
  /** Not SPEC texts: record type writes. */
  recordType: {
    inUse: (name: string) => `Record type ${name} is in use and cannot be deleted.`,
    categoryInUse: (name: string) => `Record type ${name} has records, so its category cannot change.`,
    /** A save whose If-Match layout revision is not the stored one (a lost update, audit s8 #5). */
    changedSinceOpened:
      'Someone else saved this record type since you opened it. Reload it to see their changes, then make yours again.',
    badIfMatch: 'The If-Match header must be the layout revision you loaded, in quotes, for example "3".',
    /** A submission to a form-capture type whose form is missing or unreadable (audit s8 #4). */
    noDataEntryForm: (name: string) =>
      `Record type "${name}" has no data entry form; a configurator must save its form before records can be captured.`,
  },
} as const
