// Errors a route or action throws; the app turns them into the spec's error envelope and status.
import { ERROR_HTTP_STATUS, isKnownErrorCode } from '../../shared/api';

export class ApiError extends Error {
  readonly code: string;
  readonly extra: Record<string, unknown>;
  readonly status: number;
  readonly headers: Record<string, string>;

  constructor(code: string, msg: string, extra: Record<string, unknown> = {}, options: { status?: number; headers?: Record<string, string> } = {}) {
    super(msg);
    this.name = 'ApiError';
    this.code = code;
    this.extra = extra;
    this.status = options.status ?? (isKnownErrorCode(code) ? ERROR_HTTP_STATUS[code] : undefined) ?? 400;
    this.headers = options.headers ?? {};
  }

  body(): Record<string, unknown> {
    return { result: 'error', msg: this.message, code: this.code, ...this.extra };
  }
}

/** The generic validation or permission failure (spec Errors: BAD_REQUEST). */
export const badRequest = (msg: string, extra: Record<string, unknown> = {}) => new ApiError('BAD_REQUEST', msg, extra);

/** upstream OrganizationAdministratorRequiredError / OrganizationOwnerRequiredError. */
export const mustBeAdmin = () => new ApiError('UNAUTHORIZED_PRINCIPAL', 'Must be an organization administrator');
export const mustBeOwner = () => new ApiError('UNAUTHORIZED_PRINCIPAL', 'Must be an organization owner');
