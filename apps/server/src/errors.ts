import type { CodeValue } from '@facet/contracts';

/**
 * A refusal with a contracts code. Thrown anywhere below a route; the call layer turns it into
 * the `{code,msg,data}` envelope. `httpStatus` is only for transport faults (429, 413).
 */
export class AppError extends Error {
  constructor(
    readonly code: CodeValue,
    readonly data: unknown = null,
    readonly httpStatus = 200,
    options?: ErrorOptions,
  ) {
    super(`app error ${code}`, options);
    this.name = 'AppError';
  }
}
