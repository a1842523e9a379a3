import type { DpsInput } from './issuer.ts';
import { toBrasiliaDateTime } from './national-layout.ts';

/**
 * A DPS as the JSON Focus NFe's `POST /v2/nfsen` takes (its published NFS-e Nacional example, decision 038):
 * the provider, the taker, the service's national code and description, the amount, the ISS taxable and
 * not withheld. The rate is not sent: the national system applies the one the municipality registered.
 */
export function toFocusPayload(dps: DpsInput): Record<string, string | number> {
  const { provider, taker, service } = dps;
  const payload: Record<string, string | number> = {
    // Focus writes the offset without a colon: 2024-05-07T07:34:56-0300.
    data_emissao: toBrasiliaDateTime(dps.issuedAt).replace(/:(\d{2})$/, '$1'),
    data_competencia: dps.competence,
    codigo_municipio_emissora: Number(provider.municipality),
    cnpj_prestador: provider.cnpj,
    // 1: not in Simples Nacional; 0: no special regime.
    codigo_opcao_simples_nacional: 1,
    regime_especial_tributacao: 0,
    codigo_municipio_prestacao: Number(provider.municipality),
    codigo_tributacao_nacional_iss: service.nationalTaxCode,
    descricao_servico: service.description,
    valor_servico: dps.amount / 100,
    // 1: a taxable operation; 1: not withheld.
    tributacao_iss: 1,
    tipo_retencao_iss: 1,
  };
  if (provider.municipalRegistration) payload.inscricao_municipal_prestador = provider.municipalRegistration;
  if (!taker) return payload;
  if (taker.kind === 'cnpj') payload.cnpj_tomador = taker.taxId;
  if (taker.kind === 'cpf') payload.cpf_tomador = taker.taxId;
  payload.razao_social_tomador = taker.name;
  if (taker.email) payload.email_tomador = taker.email;
  const address = taker.address;
  if (address) {
    payload.codigo_municipio_tomador = Number(address.cityCode);
    payload.cep_tomador = address.postalCode;
    payload.logradouro_tomador = address.street;
    payload.numero_tomador = address.number || 'S/N';
    if (address.complement) payload.complemento_tomador = address.complement;
    if (address.district) payload.bairro_tomador = address.district;
  }
  return payload;
}
