import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#server/db/client.ts';
import { createTestDatabase } from '#server/test/database.ts';
import type { IssuedNfse, IssueOutcome } from './issuer.ts';
import { createAccessKey, NFSE_NAMESPACE } from './national-layout.ts';
import { createTestIssuer, TEST_REJECTED_TAX_ID } from './test-issuer.ts';
import { AWKWARD_NAME, createDps } from './test-support/dps-fixture.ts';
import { childAt, parseXml, textAt } from './test-support/xml-tree.ts';

let database: Database;
const PROCESSED_AT = new Date('2026-05-07T13:00:00Z');

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const issuer = () => createTestIssuer({ db: database.db, now: () => PROCESSED_AT });

function expectIssued(outcome: IssueOutcome): IssuedNfse {
  expect(outcome.status, JSON.stringify(outcome)).toBe('issued');
  return outcome as IssuedNfse;
}

describe('the XML reader the tests use', () => {
  it.each([
    '<a>&</a>',
    '<a><b></a></b>',
    '<a x=1/>',
    '<a x="1" x="2"/>',
    '<a>x</a><b/>',
    '<a>&nbsp;</a>',
    '<a>',
  ])('refuses %j, which is not well-formed', (xml) => {
    expect(() => parseXml(xml)).toThrow();
  });
});

describe('the access key', () => {
  it('ends with the published check digit (mod 11) of the layout’s sample key', () => {
    // NFSe sample of the national layout: 4202404 2 2 00000000000000 0000000000001 2603 123456789 → 2.
    const key = createAccessKey({
      municipality: '4202404',
      cnpj: '00000000000000',
      number: 1,
      issuedAt: new Date('2026-03-10T13:00:00Z'),
      randomCode: '123456789',
    });
    expect(key).toBe('42024042200000000000000000000000000126031234567892');
  });
});

describe('the test issuer', () => {
  it('numbers the provider’s notas in sequence, never twice, however many ask at once', async () => {
    const first = expectIssued(
      await issuer().issue(createDps({ provider: { ...createDps().provider, cnpj: '12345678000195' } })),
    );
    const together = await Promise.all(
      Array.from({ length: 8 }, () =>
        issuer().issue(createDps({ provider: { ...createDps().provider, cnpj: '12345678000195' } })),
      ),
    );
    const numbers = [first, ...together.map(expectIssued)].map((nota) => Number(nota.number));
    expect(numbers[0]).toBe(1);
    expect(new Set(numbers).size).toBe(9);
    expect(Math.max(...numbers)).toBe(9);
    // Another provider has its own sequence.
    expect(expectIssued(await issuer().issue(createDps())).number).toBe('1');
  });

  it('writes a well-formed XML in the national layout, marked homologação, with the DPS’s fields', async () => {
    const nota = expectIssued(await issuer().issue(createDps()));
    const root = parseXml(nota.xml);
    expect(root.name).toBe('NFSe');
    expect(root.attributes).toMatchObject({ versao: '1.00', xmlns: NFSE_NAMESPACE });
    const info = childAt(root, 'infNFSe');
    expect(info.attributes.Id).toBe(`NFS${nota.accessKey}`);
    expect(nota.accessKey).toMatch(/^3550308[2]{2}11222333000181\d{13}2605\d{10}$/);
    expect(textAt(info, 'nNFSe')).toBe(nota.number);
    expect(textAt(info, 'cStat')).toBe('100');
    expect(textAt(info, 'dhProc')).toBe('2026-05-07T10:00:00-03:00');
    expect(textAt(info, 'emit/CNPJ')).toBe('11222333000181');
    expect(textAt(info, 'emit/IM')).toBe('12345678');
    expect(textAt(info, 'emit/enderNac/CEP')).toBe('05416000');
    expect(textAt(info, 'xTribNac')).toMatch(/^Processamento, armazenamento ou hospedagem de dados/);
    expect(textAt(info, 'valores/vBC')).toBe('79.90');
    expect(textAt(info, 'valores/pAliqAplic')).toBe('2.00');
    expect(textAt(info, 'valores/vISSQN')).toBe('1.60');
    expect(textAt(info, 'valores/xOutInf')).toContain('SEM VALOR FISCAL');
    expect(textAt(info, 'valores/xOutInf')).toContain(nota.verificationCode);

    const dps = childAt(info, 'DPS/infDPS');
    expect(dps.attributes.Id).toMatch(/^DPS3550308211222333000181\d{20}$/);
    expect(textAt(dps, 'tpAmb')).toBe('2');
    expect(textAt(dps, 'dhEmi')).toBe('2026-05-07T07:34:56-03:00');
    expect(textAt(dps, 'dCompet')).toBe('2026-05-07');
    expect(textAt(dps, 'prest/CNPJ')).toBe('11222333000181');
    expect(textAt(dps, 'prest/regTrib/opSimpNac')).toBe('1');
    expect(textAt(dps, 'toma/CNPJ')).toBe('12345678000195');
    expect(textAt(dps, 'toma/xNome')).toBe(AWKWARD_NAME);
    expect(textAt(dps, 'toma/end/endNac/cMun')).toBe('3550308');
    expect(textAt(dps, 'toma/end/xLgr')).toBe('Avenida Paulista');
    expect(textAt(dps, 'serv/locPrest/cLocPrestacao')).toBe('3550308');
    expect(textAt(dps, 'serv/cServ/cTribNac')).toBe('010301');
    expect(textAt(dps, 'serv/cServ/xDescServ')).toContain('cotações & CEP');
    expect(textAt(dps, 'valores/vServPrest/vServ')).toBe('79.90');
    expect(textAt(dps, 'valores/trib/tribMun/tribISSQN')).toBe('1');
    expect(textAt(dps, 'valores/trib/tribMun/pAliq')).toBe('2.00');
    expect(textAt(dps, 'valores/trib/tribMun/tpRetISSQN')).toBe('1');
    // The layout's order within tribMun: pAliq before tpRetISSQN.
    expect(childAt(dps, 'valores/trib/tribMun').children.map((child) => child.name)).toEqual([
      'tribISSQN',
      'pAliq',
      'tpRetISSQN',
    ]);
    expect(nota.verificationCode).toMatch(/^[A-Z0-9]{9}$/);
  });

  it('writes a taker by CPF, and one abroad by NIF, without an address it cannot code', async () => {
    const person = expectIssued(
      await issuer().issue(
        createDps({
          taker: { kind: 'cpf', taxId: '52998224725', name: 'Gi Lima', email: null, address: null },
        }),
      ),
    );
    const personDps = childAt(parseXml(person.xml), 'infNFSe/DPS/infDPS');
    expect(textAt(personDps, 'toma/CPF')).toBe('52998224725');
    expect(childAt(personDps, 'toma').children.map((child) => child.name)).toEqual(['CPF', 'xNome']);
    const abroad = expectIssued(
      await issuer().issue(
        createDps({ taker: { kind: 'foreign', taxId: '', name: 'Acme Inc.', email: null, address: null } }),
      ),
    );
    expect(textAt(parseXml(abroad.xml), 'infNFSe/DPS/infDPS/toma/cNaoNIF')).toBe('2');
  });

  it('prints a DANFSe-like PDF marked as having no tax value, in Portuguese', async () => {
    const nota = expectIssued(await issuer().issue(createDps()));
    expect(nota.pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = nota.pdf.toString('latin1');
    expect(text).toContain('(SEM VALOR FISCAL \x97 AMBIENTE DE TESTE)');
    // Read as Latin-1, WinAnsi's accented letters are themselves; its em dash is byte 0x97.
    expect(text).toContain(`(Número da NFS-e: ${nota.number})`);
    expect(text).toContain(`(Código de verificação: ${nota.verificationCode})`);
    expect(text).toContain(nota.accessKey as string);
    expect(text).toContain('(CNPJ: 12.345.678/0001-95)');
    expect(text).toContain('Valor do serviço: R$ 79,90');
    expect(text).toContain('Alíquota do ISS: 2,00%');
    expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
  });

  it('refuses a taker whose CPF or CNPJ has wrong check digits, and the CNPJ kept for rejections', async () => {
    const base = createDps();
    const wrong = await issuer().issue(createDps({ taker: { ...base.taker!, taxId: '12345678000190' } }));
    expect(wrong).toEqual({ status: 'rejected', reason: expect.stringContaining('dígitos verificadores') });
    const refused = await issuer().issue(
      createDps({ taker: { ...base.taker!, taxId: TEST_REJECTED_TAX_ID } }),
    );
    expect(refused).toEqual({ status: 'rejected', reason: expect.stringContaining('Receita Federal') });
    expect(await issuer().issue(createDps({ amount: 0 }))).toMatchObject({ status: 'rejected' });
  });

  it('cancels at once and has nothing to be polled about', async () => {
    const nota = expectIssued(await issuer().issue(createDps()));
    expect(
      await issuer().cancel(
        { reference: 'x', number: nota.number, accessKey: nota.accessKey },
        'Fatura anulada pelo cliente',
      ),
    ).toEqual({ status: 'cancelled' });
    expect(await issuer().poll('x')).toEqual({ status: 'unknown' });
  });
});
