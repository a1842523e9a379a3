import { toFocusPayload } from './focus-payload.ts';
import { type CancelOutcome, type IssueOutcome, IssuerUnavailableError, type NfseIssuer } from './issuer.ts';

/** Focus NFe's error envelope and its nota (decision 038 lists where each field is documented). */
type FocusError = { codigo?: string; mensagem?: string; correcao?: string | null };
type FocusBody = FocusError & {
  status?: string;
  ref?: string;
  numero?: string;
  codigo_verificacao?: string;
  data_emissao?: string;
  url?: string;
  caminho_xml_nota_fiscal?: string;
  url_danfse?: string;
  erros?: FocusError[];
};
type FocusAnswer = { status: number; body: FocusBody };

/** Codes that say our account or configuration is wrong, not the DPS: retried, seen by staff, never the customer's. */
const OUR_SIDE = new Set([
  'permissao_negada',
  'empresa_nao_habilitada',
  'certificado_vencido',
  'nao_encontrado',
]);

const REQUEST_TIMEOUT_MS = 15_000;
/** A DANFSe or an XML is a few hundred kilobytes; anything near this is not one. */
const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;

/** The issuer's own words: "E0014: Conjunto de Série… já existe…", one per error. */
function reasonOf(body: FocusBody): string {
  const errors = body.erros?.length ? body.erros : [body];
  return (
    errors
      .map((error) => [error.codigo, error.mensagem].filter(Boolean).join(': '))
      .filter(Boolean)
      .join('; ') || 'rejected without a reason'
  );
}

/** "2024-05-07T07:34:56-0300" (Focus) or "…-03:00" (the layout) as a Date. */
function parseFocusDate(value: string | undefined): Date {
  const date = new Date((value ?? '').replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));
  return Number.isNaN(date.getTime()) ? new Date() : date;
}

/** The 50-digit access key: in the public consultation URL (`chave=`), or as the verification code itself. */
function accessKeyOf(body: FocusBody): string | null {
  const fromUrl = body.url ? new URL(body.url, 'https://x.invalid').searchParams.get('chave') : null;
  if (fromUrl && /^\d{50}$/.test(fromUrl)) return fromUrl;
  return body.codigo_verificacao && /^\d{50}$/.test(body.codigo_verificacao) ? body.codigo_verificacao : null;
}

/**
 * Focus NFe's NFS-e Nacional API (NFSE_ISSUER=focus): `POST /v2/nfsen?ref=` queues a DPS (asynchronous),
 * `GET /v2/nfsen/{ref}` tells how it went, `DELETE /v2/nfsen/{ref}` cancels (synchronous). HTTP Basic with
 * the token as the user and an empty password. The XML and the DANFSe are downloaded once authorized.
 */
export function createFocusIssuer(options: { baseUrl: string; token: string }): NfseIssuer {
  const base = new URL(options.baseUrl);
  const authorization = `Basic ${Buffer.from(`${options.token}:`).toString('base64')}`;

  async function send(url: URL, init: RequestInit): Promise<Response> {
    // Our token goes to Focus's own host only; the DANFSe may sit elsewhere (a storage bucket).
    const headers = new Headers(init.headers);
    if (url.origin === base.origin) headers.set('authorization', authorization);
    try {
      const response = await fetch(url, {
        ...init,
        headers,
        redirect: 'error',
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      if (response.status >= 500 || response.status === 429)
        throw new IssuerUnavailableError(`Focus NFe answered ${response.status}`);
      if (response.status === 401 || response.status === 403)
        throw new IssuerUnavailableError(`Focus NFe refused our token (${response.status})`);
      return response;
    } catch (error) {
      if (error instanceof IssuerUnavailableError) throw error;
      const detail = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).name;
      throw new IssuerUnavailableError(`Focus NFe unreachable: ${detail}`);
    }
  }

  async function call(method: string, path: string, body?: unknown): Promise<FocusAnswer> {
    const response = await send(new URL(path, base), {
      method,
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    try {
      return { status: response.status, body: text ? (JSON.parse(text) as FocusBody) : {} };
    } catch {
      throw new IssuerUnavailableError(`Focus NFe answered ${response.status} with something not JSON`);
    }
  }

  async function download(location: string): Promise<Buffer> {
    const response = await send(new URL(location, base), { method: 'GET' });
    if (!response.ok) throw new IssuerUnavailableError(`Focus NFe document ${response.status}: ${location}`);
    const bytes = Buffer.from(await response.arrayBuffer());
    if (bytes.length > MAX_DOCUMENT_BYTES) throw new IssuerUnavailableError('Focus NFe document too large');
    return bytes;
  }

  /** An authorized nota with its XML and DANFSe (both fetched now: Focus keeps them, we keep a copy). */
  async function toIssued(body: FocusBody): Promise<IssueOutcome> {
    if (!body.numero || !body.caminho_xml_nota_fiscal || !body.url_danfse)
      throw new IssuerUnavailableError('Focus NFe authorized the nota but sent no number or documents yet');
    const [xml, pdf] = await Promise.all([download(body.caminho_xml_nota_fiscal), download(body.url_danfse)]);
    const accessKey = accessKeyOf(body);
    return {
      status: 'issued',
      number: body.numero,
      verificationCode: body.codigo_verificacao ?? accessKey ?? '',
      accessKey,
      issuedAt: parseFocusDate(body.data_emissao),
      xml: xml.toString('utf8'),
      pdf,
    };
  }

  /** A nota's state (`GET`, or the body of an answer that carries it). */
  async function fromStatus(body: FocusBody): Promise<IssueOutcome> {
    switch (body.status) {
      case 'processando_autorizacao':
        return { status: 'processing' };
      case 'autorizado':
      case 'cancelado':
        return toIssued(body);
      case 'erro_autorizacao':
        return { status: 'rejected', reason: reasonOf(body) };
      default:
        throw new IssuerUnavailableError(`Focus NFe answered an unknown status: ${body.status ?? 'none'}`);
    }
  }

  async function poll(reference: string): Promise<IssueOutcome> {
    const answer = await call('GET', `/v2/nfsen/${encodeURIComponent(reference)}`);
    if (answer.status === 404) return { status: 'unknown' };
    if (answer.status !== 200) throw new IssuerUnavailableError(`Focus NFe answered ${answer.status}`);
    return fromStatus(answer.body);
  }

  return {
    name: 'focus',
    async issue(dps) {
      const answer = await call(
        'POST',
        `/v2/nfsen?${new URLSearchParams({ ref: dps.reference })}`,
        toFocusPayload(dps),
      );
      if (answer.status >= 200 && answer.status < 300) return fromStatus(answer.body);
      // Sent before (our answer was lost): still in the queue, or already authorized.
      if (answer.body.codigo === 'em_processamento') return { status: 'processing' };
      if (answer.body.codigo === 'nfe_autorizada') return poll(dps.reference);
      if (OUR_SIDE.has(answer.body.codigo ?? '') || answer.status === 404)
        throw new IssuerUnavailableError(`Focus NFe: ${reasonOf(answer.body)}`);
      return { status: 'rejected', reason: reasonOf(answer.body) };
    },
    poll,
    async cancel(nota, reason): Promise<CancelOutcome> {
      const answer = await call('DELETE', `/v2/nfsen/${encodeURIComponent(nota.reference)}`, {
        justificativa: reason,
      });
      if (answer.body.status === 'cancelado' || answer.body.codigo === 'nfe_cancelada')
        return { status: 'cancelled' };
      if (answer.body.status === 'erro_cancelamento')
        return { status: 'rejected', reason: reasonOf(answer.body) };
      if (OUR_SIDE.has(answer.body.codigo ?? '') && answer.body.codigo !== 'nao_encontrado')
        throw new IssuerUnavailableError(`Focus NFe: ${reasonOf(answer.body)}`);
      return { status: 'rejected', reason: reasonOf(answer.body) };
    },
  };
}
