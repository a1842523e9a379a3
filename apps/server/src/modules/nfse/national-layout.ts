import { escapeXml, xmlFields } from '#server/lib/xml.ts';
import type { DpsAddress, DpsInput, DpsTaker } from './issuer.ts';
import { describeLc116Item, type ProviderIdentity } from './provider.ts';

/**
 * The Leiaute da NFS-e Nacional (v1.00, namespace http://www.sped.fazenda.gov.br/nfse): the NFSe with its
 * infNFSe and, inside, the DPS the provider sent. Element names and order follow the published XSDs
 * (NFSe_v1.00.xsd, tiposComplexos_v1.00.xsd; decision 038). Written for the test issuer, always as
 * homologação (tpAmb 2) and without the digital signature a real nota carries.
 */
export const NFSE_NAMESPACE = 'http://www.sped.fazenda.gov.br/nfse';
const LAYOUT_VERSION = '1.00';
/** The application that wrote the DPS and the nota (verAplic, at most 20 characters). */
const APPLICATION = 'Cotacep-teste-1.0';
/** The series of the test issuer's DPS (5 digits in the DPS id). */
const DPS_SERIES = '00001';

/** Brasília time (UTC−3, no daylight saving since 2019) as the layout writes it: 2026-05-07T07:34:56-03:00. */
export function toBrasiliaDateTime(date: Date): string {
  const local = new Date(date.getTime() - 3 * 3_600_000);
  return `${local.toISOString().slice(0, 19)}-03:00`;
}

/** The calendar day in Brasília (dCompet). */
export function toBrasiliaDate(date: Date): string {
  return toBrasiliaDateTime(date).slice(0, 10);
}

/** Centavos as the layout's decimal: 7990 → "79.90". */
export const toDecimal = (cents: number) => (cents / 100).toFixed(2);

/** The ISS on an amount in centavos, rounded to the centavo. */
export const issOf = (amount: number, rate: number) => Math.round((amount * rate) / 100);

/** Modulus 11 over the digits, weights 2 to 9 from the right (the access key's last digit). */
function modulus11(digits: string): number {
  let sum = 0;
  let weight = 2;
  for (const digit of [...digits].reverse()) {
    sum += Number(digit) * weight;
    weight = weight === 9 ? 2 : weight + 1;
  }
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

/**
 * The 50-digit access key (chave de acesso): municipality (7), ambiente gerador (1: 2 = Sistema Nacional),
 * kind of federal registration (1: 2 = CNPJ), CNPJ (14), nota number (13), year and month (4), a random
 * code (9) and its check digit.
 */
export function createAccessKey(input: {
  municipality: string;
  cnpj: string;
  number: number;
  issuedAt: Date;
  randomCode: string;
}): string {
  const yearMonth = toBrasiliaDate(input.issuedAt).slice(2, 7).replace('-', '');
  const body =
    input.municipality +
    '2' +
    '2' +
    input.cnpj.padStart(14, '0') +
    String(input.number).padStart(13, '0') +
    yearMonth +
    input.randomCode.padStart(9, '0');
  return body + String(modulus11(body));
}

function addressFields(address: DpsAddress) {
  return (
    xmlFields({ xLgr: address.street, nro: address.number || 'S/N' }) +
    (address.complement ? xmlFields({ xCpl: address.complement }) : '') +
    xmlFields({ xBairro: address.district || 'Não informado' })
  );
}

function takerXml(taker: DpsTaker | null): string {
  if (!taker) return '';
  const id =
    taker.kind === 'cnpj'
      ? xmlFields({ CNPJ: taker.taxId })
      : taker.kind === 'cpf'
        ? xmlFields({ CPF: taker.taxId })
        : taker.taxId
          ? xmlFields({ NIF: taker.taxId })
          : // 2: the taker's country does not require a NIF.
            xmlFields({ cNaoNIF: '2' });
  const address = taker.address
    ? `<end><endNac>${xmlFields({ cMun: taker.address.cityCode, CEP: taker.address.postalCode })}</endNac>${addressFields(taker.address)}</end>`
    : '';
  const email = taker.email ? xmlFields({ email: taker.email }) : '';
  return `<toma>${id}${xmlFields({ xNome: taker.name })}${address}${email}</toma>`;
}

/** The DPS as the provider sends it (TCDPS), numbered `dpsNumber` in the test issuer's series. */
export function renderDpsXml(dps: DpsInput, dpsNumber: number): string {
  const id = `DPS${dps.provider.municipality}2${dps.provider.cnpj.padStart(14, '0')}${DPS_SERIES}${String(dpsNumber).padStart(15, '0')}`;
  const provider =
    xmlFields({ CNPJ: dps.provider.cnpj }) +
    (dps.provider.municipalRegistration ? xmlFields({ IM: dps.provider.municipalRegistration }) : '') +
    // 1: not in Simples Nacional; 0: no special regime (decision 038).
    `<regTrib>${xmlFields({ opSimpNac: '1', regEspTrib: '0' })}</regTrib>`;
  const service =
    `<locPrest>${xmlFields({ cLocPrestacao: dps.provider.municipality })}</locPrest>` +
    `<cServ>${xmlFields({ cTribNac: dps.service.nationalTaxCode, xDescServ: dps.service.description })}</cServ>`;
  // 1: a taxable operation; 1: the ISS is not withheld by the taker; 0: no estimate of total taxes.
  const municipalTax = xmlFields({ tribISSQN: '1', pAliq: dps.issRate.toFixed(2), tpRetISSQN: '1' });
  const values =
    `<vServPrest>${xmlFields({ vServ: toDecimal(dps.amount) })}</vServPrest>` +
    `<trib><tribMun>${municipalTax}</tribMun><totTrib>${xmlFields({ indTotTrib: '0' })}</totTrib></trib>`;
  const info =
    xmlFields({
      tpAmb: '2',
      dhEmi: toBrasiliaDateTime(dps.issuedAt),
      verAplic: APPLICATION,
      serie: DPS_SERIES,
      nDPS: dpsNumber,
      dCompet: dps.competence,
      tpEmit: '1',
      cLocEmi: dps.provider.municipality,
    }) +
    `<prest>${provider}</prest>${takerXml(dps.taker)}<serv>${service}</serv><valores>${values}</valores>`;
  return `<DPS versao="${LAYOUT_VERSION}"><infDPS Id="${escapeXml(id)}">${info}</infDPS></DPS>`;
}

export type NationalNota = {
  dps: DpsInput;
  number: number;
  accessKey: string;
  verificationCode: string;
  processedAt: Date;
  provider: ProviderIdentity;
  /** The municipality's name (xLocEmi, xLocPrestacao). */
  municipalityName: string;
};

/** The whole nota (TCNFSe) as a document: infNFSe, then the DPS it came from. */
export function renderNfseXml(nota: NationalNota): string {
  const { dps, provider } = nota;
  const iss = issOf(dps.amount, dps.issRate);
  const emitter =
    xmlFields({ CNPJ: dps.provider.cnpj }) +
    (dps.provider.municipalRegistration ? xmlFields({ IM: dps.provider.municipalRegistration }) : '') +
    xmlFields({ xNome: provider.name }) +
    `<enderNac>${xmlFields({ xLgr: provider.address.street, nro: provider.address.number })}` +
    (provider.address.complement ? xmlFields({ xCpl: provider.address.complement }) : '') +
    xmlFields({
      xBairro: provider.address.district || 'Não informado',
      cMun: dps.provider.municipality,
      UF: provider.address.state,
      CEP: provider.address.postalCode,
    }) +
    `</enderNac>${xmlFields({ email: provider.email })}`;
  const values = xmlFields({
    vBC: toDecimal(dps.amount),
    pAliqAplic: dps.issRate.toFixed(2),
    vISSQN: toDecimal(iss),
    vLiq: toDecimal(dps.amount),
    xOutInf:
      'NFS-e emitida em ambiente de teste (homologação): SEM VALOR FISCAL. ' +
      `Código de verificação: ${nota.verificationCode}.`,
  });
  const head = xmlFields({
    xLocEmi: nota.municipalityName,
    xLocPrestacao: nota.municipalityName,
    nNFSe: nota.number,
    cLocIncid: dps.provider.municipality,
    xLocIncid: nota.municipalityName,
    xTribNac: describeLc116Item(dps.service.lc116Item),
    verAplic: APPLICATION,
    // 2: generated by the Sistema Nacional; 1: normal emission; 1: by the contributor's application; 100: generated.
    ambGer: '2',
    tpEmis: '1',
    procEmi: '1',
    cStat: '100',
    dhProc: toBrasiliaDateTime(nota.processedAt),
    nDFSe: nota.number,
  });
  const info = `${head}<emit>${emitter}</emit><valores>${values}</valores>${renderDpsXml(dps, nota.number)}`;
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<!-- Ambiente de teste da Cotacep: NFS-e sem valor fiscal e sem assinatura digital. -->\n' +
    `<NFSe versao="${LAYOUT_VERSION}" xmlns="${NFSE_NAMESPACE}">` +
    `<infNFSe Id="NFS${nota.accessKey}">${info}</infNFSe></NFSe>\n`
  );
}
