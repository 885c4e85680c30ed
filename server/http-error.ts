/** An error whose message is meant for the caller; the error plugin answers `{message}` with its status. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly details?: unknown,
  ) {
    super(message)
  }
}

export const badRequest = (message: string, details?: unknown) => new HttpError(400, message, details)
export const notFound = (message: string) => new HttpError(404, message)
export const conflict = (message: string) => new HttpError(409, message)
export const gone = (message: string) => new HttpError(410, message)
export const unprocessable = (message: string) => new HttpError(422, message)
export const forbidden = (message = 'You are not authorised to perform this action.') =>
  new HttpError(403, message)
export const unauthorized = (message = 'User is Unauthorized.') => new HttpError(401, message)
