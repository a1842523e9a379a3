/** What is logged of one CSP violation: enough to find the cause, nothing a URL might carry (tokens, codes). */
export type CspViolation = {
  documentUri: string;
  blockedUri: string;
  violatedDirective: string;
  sourceFile: string;
  lineNumber: number | null;
  disposition: string;
};

/** At most this many violations of one report body are logged (the Reporting API batches them). */
export const MAX_VIOLATIONS_PER_REPORT = 20;

type Fields = Record<string, unknown>;

const isObject = (value: unknown): value is Fields => typeof value === 'object' && value !== null;

/** A URL without its query and fragment; keywords such as `inline` or `eval` as they are. Short, printable. */
function sanitize(value: unknown): string {
  if (typeof value !== 'string') return '';
  const withoutSecrets = value.replace(/[?#].*$/s, '');
  return withoutSecrets.replace(/[^\x20-\x7E]/g, '?').slice(0, 200);
}

function lineOf(value: unknown): number | null {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : null;
}

/** `report-uri`'s body: `{ "csp-report": { "document-uri": …, "blocked-uri": … } }`. */
function fromLegacy(report: Fields): CspViolation {
  return {
    documentUri: sanitize(report['document-uri']),
    blockedUri: sanitize(report['blocked-uri']),
    violatedDirective: sanitize(report['effective-directive'] ?? report['violated-directive']),
    sourceFile: sanitize(report['source-file']),
    lineNumber: lineOf(report['line-number']),
    disposition: sanitize(report.disposition),
  };
}

/** The Reporting API's body: `[{ "type": "csp-violation", "body": { "documentURL": …, "blockedURL": … } }]`. */
function fromReportingApi(body: Fields): CspViolation {
  return {
    documentUri: sanitize(body.documentURL),
    blockedUri: sanitize(body.blockedURL),
    violatedDirective: sanitize(body.effectiveDirective),
    sourceFile: sanitize(body.sourceFile),
    lineNumber: lineOf(body.lineNumber),
    disposition: sanitize(body.disposition),
  };
}

/** The violations a report body holds, in either format; anything else holds none. */
export function readViolations(payload: unknown): CspViolation[] {
  if (isObject(payload) && isObject(payload['csp-report'])) return [fromLegacy(payload['csp-report'])];
  if (!Array.isArray(payload)) return [];
  return payload
    .filter(
      (report): report is Fields =>
        isObject(report) && report.type === 'csp-violation' && isObject(report.body),
    )
    .slice(0, MAX_VIOLATIONS_PER_REPORT)
    .map((report) => fromReportingApi(report.body as Fields));
}
