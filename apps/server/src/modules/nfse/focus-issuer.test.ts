import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createFocusIssuer } from './focus-issuer.ts';
import { type IssuedNfse, IssuerUnavailableError } from './issuer.ts';
import { createDps } from './test-support/dps-fixture.ts';
import {
  FOCUS_TEST_TOKEN,
  type FocusNfseServer,
  startFocusNfseServer,
} from './test-support/focus-nfse-server.ts';
import { parseXml, textAt } from './test-support/xml-tree.ts';

let focus: FocusNfseServer;
let refCount = 0;

beforeAll(async () => {
  focus = await startFocusNfseServer();
});
afterAll(() => focus.close());
afterEach(async () => {
  await focus.comeBack();
  focus.refuseCancellations(null);
  focus.setPollsBeforeDone(1);
});

const issuer = (token = FOCUS_TEST_TOKEN) => createFocusIssuer({ baseUrl: focus.url, token });
/** A DPS of its own reference, so each test's notas are its own at the server. */
function newDps(overrides: Parameters<typeof createDps>[0] = {}) {
  refCount += 1;
  return createDps({ reference: `ref${refCount}`, ...overrides });
}

/** Issues and asks until the asynchronous processing ends (the server settles on the second consultation). */
async function issueUntilDone(dps = newDps()) {
  const client = issuer();
  let outcome = await client.issue(dps);
  for (let polls = 0; outcome.status === 'processing' && polls < 5; polls += 1)
    outcome = await client.poll(dps.reference);
  return { dps, outcome };
}

describe('Focus NFe’s NFS-e Nacional API, through the adapter', () => {
  it('queues the DPS, answers processing, then the authorized nota with its XML and DANFSe', async () => {
    const dps = newDps();
    const client = issuer();
    expect(await client.issue(dps)).toEqual({ status: 'processing' });
    expect(await client.poll(dps.reference)).toEqual({ status: 'processing' });
    const issued = (await client.poll(dps.reference)) as IssuedNfse;
    expect(issued.status).toBe('issued');
    const nota = focus.notas.get(dps.reference);
    expect(issued).toMatchObject({
      number: nota?.numero,
      verificationCode: nota?.chave,
      accessKey: nota?.chave,
    });
    expect(issued.issuedAt.toISOString()).toBe('2026-05-07T10:34:56.000Z');
    expect(textAt(parseXml(issued.xml), 'infNFSe/nNFSe')).toBe(nota?.numero);
    expect(issued.pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    // What was sent: the documented fields, HTTP Basic with the token as the user and an empty password.
    const [sent] = focus
      .issueRequests()
      .filter((request) => request.path === `/v2/nfsen?ref=${dps.reference}`);
    expect(sent?.headers.authorization).toBe(
      `Basic ${Buffer.from(`${FOCUS_TEST_TOKEN}:`).toString('base64')}`,
    );
    expect(JSON.parse(sent?.body ?? '{}')).toEqual({
      data_emissao: '2026-05-07T07:34:56-0300',
      data_competencia: '2026-05-07',
      codigo_municipio_emissora: 3550308,
      cnpj_prestador: '11222333000181',
      inscricao_municipal_prestador: '12345678',
      codigo_opcao_simples_nacional: 1,
      regime_especial_tributacao: 0,
      cnpj_tomador: '12345678000195',
      razao_social_tomador: dps.taker?.name,
      email_tomador: 'financeiro@example.com',
      codigo_municipio_tomador: 3550308,
      cep_tomador: '01310100',
      logradouro_tomador: 'Avenida Paulista',
      numero_tomador: '1000',
      complemento_tomador: 'sala 12',
      bairro_tomador: 'Bela Vista',
      codigo_municipio_prestacao: 3550308,
      codigo_tributacao_nacional_iss: '010301',
      descricao_servico: dps.service.description,
      valor_servico: 79.9,
      tributacao_iss: 1,
      tipo_retencao_iss: 1,
    });
    // The DANFSe lives on another origin (Focus's storage): it never gets our token.
    const danfse = focus.storageRequests.at(-1);
    expect(danfse?.path).toMatch(/^\/arquivos\/DANFSEs\/NFSe\d{50}\.pdf$/);
    expect(danfse?.headers.authorization).toBeUndefined();
  });

  it('never makes a second nota of a reference sent again: in processing, then authorized', async () => {
    focus.setPollsBeforeDone(0);
    const dps = newDps();
    const client = issuer();
    expect(await client.issue(dps)).toEqual({ status: 'processing' });
    // Our answer was lost and the worker sends it again: Focus says it is being processed.
    expect(await client.issue(dps)).toEqual({ status: 'processing' });
    const issued = (await client.poll(dps.reference)) as IssuedNfse;
    // Sent once more after the authorization: the same nota, fetched, not a new one.
    expect(await client.issue(dps)).toMatchObject({ status: 'issued', number: issued.number });
    expect([...focus.notas.values()].filter((nota) => nota.ref === dps.reference)).toHaveLength(1);
  });

  it('answers the national system’s refusal with its code and message, and a corrected DPS goes again', async () => {
    focus.rejectTaker('52998224725', {
      codigo: 'E0116',
      mensagem: 'CPF do tomador não encontrado no cadastro da Receita Federal.',
    });
    const taker = { kind: 'cpf' as const, taxId: '52998224725', name: 'Gi Lima', email: null, address: null };
    const { dps, outcome } = await issueUntilDone(newDps({ taker }));
    expect(outcome).toEqual({
      status: 'rejected',
      reason: 'E0116: CPF do tomador não encontrado no cadastro da Receita Federal.',
    });
    focus.acceptTaker('52998224725');
    const again = await issueUntilDone(dps);
    expect(again.outcome.status).toBe('issued');
  });

  it('answers a DPS Focus refuses at the door (a field missing) as rejected, with Focus’s message', async () => {
    const dps = newDps({ service: { ...createDps().service, nationalTaxCode: '' } });
    expect(await issuer().issue(dps)).toEqual({
      status: 'rejected',
      reason: 'requisicao_invalida: Parâmetro "codigo_tributacao_nacional_iss" não informado',
    });
  });

  it('cancels an authorized nota once; a second cancellation is already done', async () => {
    const { dps, outcome } = await issueUntilDone();
    const nota = { reference: dps.reference, number: (outcome as IssuedNfse).number, accessKey: null };
    expect(await issuer().cancel(nota, 'Fatura anulada: o pagamento foi estornado.')).toEqual({
      status: 'cancelled',
    });
    expect(focus.notas.get(dps.reference)).toMatchObject({
      status: 'cancelado',
      justificativa: 'Fatura anulada: o pagamento foi estornado.',
    });
    expect(await issuer().cancel(nota, 'Fatura anulada: o pagamento foi estornado.')).toEqual({
      status: 'cancelled',
    });
  });

  it('answers a cancellation the national system refuses with its reason', async () => {
    const { dps, outcome } = await issueUntilDone();
    focus.refuseCancellations({ codigo: 'E523', mensagem: 'Prazo para cancelamento expirado.' });
    const nota = { reference: dps.reference, number: (outcome as IssuedNfse).number, accessKey: null };
    expect(await issuer().cancel(nota, 'Fatura anulada: o pagamento foi estornado.')).toEqual({
      status: 'rejected',
      reason: 'E523: Prazo para cancelamento expirado.',
    });
    expect(await issuer().cancel(nota, 'curta')).toEqual({
      status: 'rejected',
      reason: 'requisicao_invalida: Parâmetro "justificativa" deve ter de 15 a 255 caracteres',
    });
    expect(focus.notas.get(dps.reference)?.status).toBe('autorizado');
  });

  it('knows nothing of a reference never sent', async () => {
    expect(await issuer().poll('neverSent')).toEqual({ status: 'unknown' });
  });

  it('throws "unavailable" while Focus refuses connections or answers 503, and works once it is back', async () => {
    const dps = newDps();
    await focus.goDown('refused');
    await expect(issuer().issue(dps)).rejects.toThrow(IssuerUnavailableError);
    await expect(issuer().poll(dps.reference)).rejects.toThrow(/unreachable/);
    await focus.comeBack();
    await focus.goDown('error');
    await expect(issuer().issue(dps)).rejects.toThrow('Focus NFe answered 503');
    await focus.comeBack();
    expect((await issueUntilDone(dps)).outcome.status).toBe('issued');
  });

  it('throws "unavailable", never "rejected", when Focus refuses our token: nothing the customer can fix', async () => {
    await expect(issuer('wrong-token').issue(newDps())).rejects.toThrow(/refused our token \(403\)/);
  });
});
