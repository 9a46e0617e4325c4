/** Why a request got no answer: the server did not answer in time, or could not be reached. */
export type TransportFailure = 'TIMEOUT' | 'NETWORK';

/**
 * A refused or failed request: the server's code and message (or TIMEOUT / NETWORK when no answer
 * came), the input it refused when it names one, and the data of the failed answer.
 */
export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly field: string | null = null,
    readonly data: unknown = null,
  ) {
    super(message);
  }
}

/** The message of anything thrown, for showing to a person. */
export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
