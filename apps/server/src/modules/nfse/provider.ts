import { COMPANY } from '@cotacep/shared/company';
import type { DpsAddress } from './issuer.ts';

/** Cotacep as the nota's provider (prestador): the name and address of packages/shared's COMPANY (decision 029). */
export type ProviderIdentity = { name: string; email: string; address: DpsAddress };

/**
 * COMPANY's printed address as the layout's fields: "street, number[, complement…], district" and
 * "city/UF, CEP nnnnn-nnn". The municipality's code is the configured one (NFSE_PROVIDER_MUNICIPALITY).
 */
export function getProviderIdentity(municipality: string): ProviderIdentity {
  const [streetLine = '', cityLine = ''] = COMPANY.addressLines;
  const parts = streetLine.split(',').map((part) => part.trim());
  const city = /^(.+)\/([A-Z]{2}), CEP (\d{5})-?(\d{3})$/.exec(cityLine);
  return {
    name: COMPANY.legalName,
    email: COMPANY.email,
    address: {
      street: parts[0] ?? streetLine,
      number: parts.length > 2 ? (parts[1] ?? 'S/N') : 'S/N',
      complement: parts.slice(2, -1).join(', '),
      district: parts.length > 2 ? (parts.at(-1) ?? '') : '',
      cityCode: municipality,
      city: city?.[1] ?? '',
      state: city?.[2] ?? '',
      postalCode: city ? `${city[3]}${city[4]}` : '',
    },
  };
}

/** What the LC 116/2003 item says (xTribNac), for the items a data API may fall under. */
const LC116_ITEMS: Record<string, string> = {
  '01.03':
    'Processamento, armazenamento ou hospedagem de dados, textos, imagens, vídeos, páginas eletrônicas, ' +
    'aplicativos e sistemas de informação, entre outros formatos, e congêneres.',
  '01.05': 'Licenciamento ou cessão de direito de uso de programas de computação.',
};

export function describeLc116Item(item: string): string {
  return LC116_ITEMS[item] ?? `Serviço do item ${item} da lista anexa à Lei Complementar 116/2003.`;
}
