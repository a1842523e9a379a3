/** An answer of the API that is not a success: its status and the API's own `{ status, code, message }`. */
export class CotacepApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly meta: ResponseMeta,
  ) {
    super(message);
    this.name = 'CotacepApiError';
  }
}

/** What every answer says about itself in its headers. */
export type ResponseMeta = {
  status: number;
  /** Requests left this month for the key (keyed calls only). */
  quotaRemaining: number | null;
  quotaLimit: number | null;
  /** Requests left this minute. */
  rateLimitRemaining: number | null;
  /** The data source(s): `currency-api`, `ecb`, `bcb-ptax`, `viacep`, `municipality`… */
  source: string | null;
  /** When the quotes' data was current (quotes only), ISO 8601. */
  asOf: string | null;
  /** `street` or `municipality` (CEP only). */
  precision: string | null;
};

const numberOrNull = (value: string | null) => (value === null || value === '' ? null : Number(value));

export function metaOf(response: Response): ResponseMeta {
  const header = (name: string) => response.headers.get(name);
  return {
    status: response.status,
    quotaRemaining: numberOrNull(header('x-quota-remaining')),
    quotaLimit: numberOrNull(header('x-quota-limit')),
    rateLimitRemaining: numberOrNull(header('x-ratelimit-remaining')),
    source: header('x-quote-source') ?? header('x-cep-source'),
    asOf: header('x-quote-as-of'),
    precision: header('x-cep-precision'),
  };
}
