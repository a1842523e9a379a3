import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { writeTextPdf } from '#server/lib/text-pdf.ts';
import { escapeXml } from '#server/lib/xml.ts';
import { listenOnLoopback } from '#server/test/loopback-server.ts';
import { createAccessKey, NFSE_NAMESPACE } from '../national-layout.ts';

/** What Focus NFe keeps of one `ref` (its NFS-e Nacional API, decision 038). */
type FocusNota = {
  ref: string;
  payload: Record<string, unknown>;
  status: 'processando_autorizacao' | 'autorizado' | 'erro_autorizacao' | 'cancelado';
  /** GETs answered "processando" so far. */
  polls: number;
  numero?: string;
  chave?: string;
  erros?: FocusError[];
  justificativa?: string;
};
type FocusError = { codigo: string; mensagem: string; correcao: string | null };
type Reply = { status: number; json?: unknown; body?: Buffer | string; type?: string };

export type FocusRequest = { method: string; path: string; headers: IncomingHttpHeaders; body: string };

export const FOCUS_TEST_TOKEN = 'focus-test-token';

/** Fields the published example sends for a DPS; a missing one is refused as Focus does. */
const REQUIRED = [
  'data_emissao',
  'data_competencia',
  'codigo_municipio_emissora',
  'codigo_opcao_simples_nacional',
  'regime_especial_tributacao',
  'codigo_municipio_prestacao',
  'codigo_tributacao_nacional_iss',
  'descricao_servico',
  'valor_servico',
  'tributacao_iss',
  'tipo_retencao_iss',
];

const error = (status: number, codigo: string, mensagem: string): Reply => ({
  status,
  json: { codigo, mensagem },
});

/**
 * A local stand-in for Focus NFe's NFS-e Nacional API, built from its published documentation
 * (FocusNFe/api-doc, `source/includes/_nfsen.md` and the introduction; decision 038): HTTP Basic with the
 * token, `POST /v2/nfsen?ref=` answering 201 `processando_autorizacao`, `GET /v2/nfsen/{ref}` moving to
 * `autorizado` or `erro_autorizacao` after `pollsBeforeDone` consultations (asynchronous processing),
 * `DELETE` with a `justificativa`, the documented error codes, the XML under `/arquivos/…`, and the DANFSe
 * on a second origin (Focus keeps it in a storage bucket), which must not receive the token. It can be made
 * to refuse connections or answer 503, and back.
 */
export async function startFocusNfseServer(options: { pollsBeforeDone?: number } = {}) {
  const notas = new Map<string, FocusNota>();
  const requests: FocusRequest[] = [];
  const storageRequests: FocusRequest[] = [];
  const rejectedTakers = new Map<string, FocusError>();
  let cancellationRefusal: FocusError | null = null;
  let pollsBeforeDone = options.pollsBeforeDone ?? 1;
  let numbers = 0;
  let failure: 'error' | null = null;
  const danfses = new Map<string, Buffer>();
  const xmls = new Map<string, string>();

  const readBody = async (request: IncomingMessage) => {
    let body = '';
    for await (const chunk of request) body += chunk;
    return body;
  };
  const send = (response: ServerResponse, reply: Reply) => {
    const isJson = reply.json !== undefined;
    response.writeHead(reply.status, {
      'content-type': isJson ? 'application/json; charset=utf-8' : (reply.type ?? 'text/plain'),
    });
    response.end(isJson ? JSON.stringify(reply.json) : reply.body);
  };

  const storage = createServer(async (request, response) => {
    storageRequests.push({
      method: request.method ?? '',
      path: request.url ?? '',
      headers: request.headers,
      body: await readBody(request),
    });
    const pdf = danfses.get(request.url ?? '');
    send(
      response,
      pdf ? { status: 200, body: pdf, type: 'application/pdf' } : { status: 404, body: 'NoSuchKey' },
    );
  });
  const storageServer = await listenOnLoopback(storage);

  const isAuthorized = (request: IncomingMessage, url: URL) => {
    const expected = `Basic ${Buffer.from(`${FOCUS_TEST_TOKEN}:`).toString('base64')}`;
    return request.headers.authorization === expected || url.searchParams.get('token') === FOCUS_TEST_TOKEN;
  };

  /** The outcome of a DPS once processed: authorized with a number and key, or the national system's errors. */
  function process(nota: FocusNota) {
    const taker = String(nota.payload.cnpj_tomador ?? nota.payload.cpf_tomador ?? '');
    const refusal = rejectedTakers.get(taker);
    if (refusal) {
      Object.assign(nota, { status: 'erro_autorizacao', erros: [refusal] });
      return;
    }
    numbers += 1;
    const cnpj = String(nota.payload.cnpj_prestador ?? '');
    const chave = createAccessKey({
      municipality: String(nota.payload.codigo_municipio_emissora),
      cnpj,
      number: numbers,
      issuedAt: new Date(),
      randomCode: String(100_000_000 + numbers),
    });
    Object.assign(nota, { status: 'autorizado', numero: String(numbers), chave, erros: undefined });
    xmls.set(
      xmlPathOf(nota),
      '<?xml version="1.0" encoding="UTF-8"?>' +
        `<NFSe versao="1.00" xmlns="${NFSE_NAMESPACE}"><infNFSe Id="NFS${chave}">` +
        `<nNFSe>${numbers}</nNFSe><xDescServ>${escapeXml(String(nota.payload.descricao_servico))}</xDescServ>` +
        '</infNFSe></NFSe>',
    );
    danfses.set(
      danfsePathOf(nota),
      writeTextPdf([{ text: `DANFSe NFS-e ${numbers} chave ${chave}`, x: 56, y: 56 }]),
    );
  }

  const xmlPathOf = (nota: FocusNota) =>
    `/arquivos/${String(nota.payload.cnpj_prestador)}_1/XMLsNFSe/${nota.ref}-${nota.chave}-nfse.xml`;
  const danfsePathOf = (nota: FocusNota) => `/arquivos/DANFSEs/NFSe${nota.chave}.pdf`;

  /** The nota as `GET /v2/nfsen/{ref}` shows it (the documented fields of each status). */
  function view(nota: FocusNota) {
    const base = {
      cnpj_prestador: nota.payload.cnpj_prestador,
      ref: nota.ref,
      numero_rps: nota.numero ?? '1',
      serie_rps: '1',
      status: nota.status,
    };
    if (nota.status === 'erro_autorizacao') return { ...base, erros: nota.erros };
    if (nota.status === 'processando_autorizacao') return { ...base, tipo_rps: '1' };
    return {
      ...base,
      tipo_rps: '1',
      numero: nota.numero,
      codigo_verificacao: nota.chave,
      data_emissao: nota.payload.data_emissao,
      url: `https://www.nfse.gov.br/consultapublica/?tpc=1&chave=${nota.chave}`,
      caminho_xml_nota_fiscal: xmlPathOf(nota),
      url_danfse: `${storageServer.url}${danfsePathOf(nota)}`,
      ...(nota.status === 'cancelado'
        ? { caminho_xml_cancelamento: `/arquivos/NFS${nota.chave}-can.xml` }
        : {}),
    };
  }

  function onIssue(url: URL, body: string): Reply {
    const ref = url.searchParams.get('ref');
    if (!ref) return error(400, 'requisicao_invalida', 'Parâmetro "ref" não informado');
    let payload: Record<string, unknown>;
    try {
      payload = JSON.parse(body) as Record<string, unknown>;
    } catch {
      return error(415, 'requisicao_invalida', 'O JSON enviado não pôde ser lido');
    }
    const missing = REQUIRED.find((field) => payload[field] === undefined || payload[field] === '');
    if (missing) return error(400, 'requisicao_invalida', `Parâmetro "${missing}" não informado`);
    const known = notas.get(ref);
    if (known?.status === 'processando_autorizacao')
      return error(422, 'em_processamento', 'Nota fiscal em processamento');
    if (known && known.status !== 'erro_autorizacao')
      return error(422, 'nfe_autorizada', 'Nota fiscal já autorizada');
    // A ref may be sent again after an authorization error, with the corrections.
    notas.set(ref, { ref, payload, status: 'processando_autorizacao', polls: 0 });
    return {
      status: 201,
      json: { cnpj_prestador: payload.cnpj_prestador, ref, status: 'processando_autorizacao' },
    };
  }

  function onConsult(ref: string): Reply {
    const nota = notas.get(ref);
    if (!nota) return error(404, 'nao_encontrado', 'Nota fiscal não encontrada');
    if (nota.status === 'processando_autorizacao') {
      if (nota.polls >= pollsBeforeDone) process(nota);
      else nota.polls += 1;
    }
    return { status: 200, json: view(nota) };
  }

  function onCancel(ref: string, body: string): Reply {
    const nota = notas.get(ref);
    if (!nota) return error(404, 'nao_encontrado', 'Nota fiscal não encontrada');
    let justificativa = '';
    try {
      justificativa = String((JSON.parse(body) as { justificativa?: unknown }).justificativa ?? '');
    } catch {
      return error(415, 'requisicao_invalida', 'O JSON enviado não pôde ser lido');
    }
    if (justificativa.length < 15 || justificativa.length > 255)
      return error(400, 'requisicao_invalida', 'Parâmetro "justificativa" deve ter de 15 a 255 caracteres');
    if (nota.status === 'cancelado') return error(400, 'nfe_cancelada', 'Nota Fiscal já cancelada');
    if (nota.status !== 'autorizado')
      return error(400, 'nfe_nao_autorizada', 'Nota fiscal não autorizada não pode ser cancelada');
    if (cancellationRefusal)
      return { status: 200, json: { status: 'erro_cancelamento', erros: [cancellationRefusal] } };
    Object.assign(nota, { status: 'cancelado', justificativa });
    return { status: 200, json: { status: 'cancelado' } };
  }

  function route(request: IncomingMessage, url: URL, body: string): Reply {
    if (failure === 'error')
      return { status: 503, body: '<html><body>503 Service Unavailable</body></html>', type: 'text/html' };
    if (!isAuthorized(request, url)) return error(403, 'permissao_negada', 'Permissão negada');
    const ref = /^\/v2\/nfsen\/([^/]+)$/.exec(url.pathname)?.[1];
    if (request.method === 'POST' && url.pathname === '/v2/nfsen') return onIssue(url, body);
    if (request.method === 'GET' && ref) return onConsult(decodeURIComponent(ref));
    if (request.method === 'DELETE' && ref) return onCancel(decodeURIComponent(ref), body);
    const xml = request.method === 'GET' ? xmls.get(url.pathname) : undefined;
    if (xml) return { status: 200, body: xml, type: 'application/xml' };
    return error(404, 'nao_encontrado', 'Utilize o método POST');
  }

  const api = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const body = await readBody(request);
    requests.push({
      method: request.method ?? '',
      path: `${url.pathname}${url.search}`,
      headers: request.headers,
      body,
    });
    send(response, route(request, url, body));
  });
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  const { port } = api.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    storageRequests,
    notas,
    /** The DPS sent (`POST /v2/nfsen`), in order. */
    issueRequests: () => requests.filter((request) => request.method === 'POST'),
    /** The national system refuses DPS whose taker is this CPF or CNPJ, with this error. */
    rejectTaker(taxId: string, refusal: { codigo: string; mensagem: string }) {
      rejectedTakers.set(taxId, { ...refusal, correcao: null });
    },
    acceptTaker(taxId: string) {
      rejectedTakers.delete(taxId);
    },
    /** Every cancellation answers `erro_cancelamento` with this error (null: cancels again). */
    refuseCancellations(refusal: { codigo: string; mensagem: string } | null) {
      cancellationRefusal = refusal ? { ...refusal, correcao: null } : null;
    },
    setPollsBeforeDone(count: number) {
      pollsBeforeDone = count;
    },
    /** Down: connections refused (nothing listens on the port), or every answer a 503. */
    async goDown(mode: 'refused' | 'error') {
      if (mode === 'error') {
        failure = 'error';
        return;
      }
      api.closeAllConnections();
      await new Promise<void>((resolve) => api.close(() => resolve()));
    },
    /** Back up, on the same port. */
    async comeBack() {
      failure = null;
      if (!api.listening) await new Promise<void>((resolve) => api.listen(port, '127.0.0.1', resolve));
    },
    async close() {
      api.closeAllConnections();
      if (api.listening) await new Promise<void>((resolve) => api.close(() => resolve()));
      await storageServer.close();
    },
  };
}

export type FocusNfseServer = Awaited<ReturnType<typeof startFocusNfseServer>>;
