import type { InfoDocument } from './document.ts';

export const content: InfoDocument = {
  title: 'About Cotacep',
  intro: [
    'Cotacep is a Brazilian provider of APIs for developers: real-time currency quotes and address lookup by postal code (CEP), with one token, a clear quota and documentation in Portuguese and English.',
  ],
  sections: [
    {
      id: 'what-we-offer',
      heading: 'What we offer',
      items: [
        'Quotes API: more than 150 currencies, in the AwesomeAPI format, so you can switch without rewriting your code.',
        'CEP API: street, neighbourhood, city and state from a postal code.',
        'A customer area with projects, public and private tokens, origin and IP restrictions, and usage charts.',
        'Plans from Free to Enterprise, paid by card or boleto. See [Pricing](/pricing).',
      ],
    },
    {
      id: 'data',
      heading: 'Where the data comes from',
      paragraphs: [
        'Quotes: fawazahmed0/exchange-api (CC0), the European Central Bank and the Central Bank of Brazil’s PTAX. CEP: ViaCEP, BrasilAPI, OpenCEP and imported reference data. Every answer says which source it came from and when the figure dates from; the sources’ state is at `/api/status`.',
      ],
    },
    {
      id: 'principles',
      heading: 'How we work',
      items: [
        'Only successful answers count against the quota.',
        'Published prices and limits, no small print; cancel from your own account.',
        'Personal data handled under the LGPD: see the [Privacy Policy](/privacy).',
      ],
    },
    {
      id: 'contact',
      heading: 'Talk to us',
      paragraphs: ['Questions, suggestions or a made-to-measure plan: use the [contact](/contact) page.'],
    },
  ],
};
