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
  },
} as const
