import { Code, messageKeyForCode } from '@facet/contracts';

/** The call never got an answer (offline, refused, DNS, CORS). Not a server code. */
export const NETWORK_FAILURE = -1;

/** A call that did not succeed: `code` is a contracts Code (or NETWORK_FAILURE), `msg` the server's text. */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    readonly msg: string,
    readonly data: unknown = null,
  ) {
    super(`${code}: ${msg}`);
    this.name = 'ApiError';
  }

  /** The i18n key clients show when they prefer their own text over `msg`. */
  get messageKey(): string {
    return this.code === NETWORK_FAILURE ? 'error.network' : messageKeyForCode(this.code);
  }

  get isSessionProblem(): boolean {
    return this.code === Code.SESSION_EXPIRED || this.code === Code.FORCED_LOGOUT || this.code === Code.REFRESH_INVALID;
  }
}
