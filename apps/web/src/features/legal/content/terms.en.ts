import type { InfoDocument } from './document.ts';

export const content: InfoDocument = {
  title: 'Website Terms of Use',
  updated: 'Last updated: 22 Nov 2026',
  intro: [
    'These terms govern the use of this website. Use of the APIs and of paid plans follows the [Terms of Service](/terms-of-service); personal data is handled as the [Privacy Policy](/privacy) describes.',
  ],
  sections: [
    {
      id: 'acceptance',
      heading: '1. Acceptance',
      paragraphs: [
        'By browsing the site, you accept these terms. If you do not, please do not use the site.',
      ],
    },
    {
      id: 'content',
      heading: '2. Site content',
      paragraphs: [
        'Cotacep’s texts, brand, logo, layout and documentation are protected by copyright and trademark law. You may quote and use parts of the documentation and code samples to integrate the APIs. The quote and CEP data shown belongs to its sources, under the licences stated on the site.',
      ],
    },
    {
      id: 'use',
      heading: '3. Permitted use',
      items: [
        'Do not try to reach restricted areas, other people’s accounts or the site’s infrastructure without permission.',
        'Do not use bots to create accounts, send forms or scrape the site in bulk; for data, use the APIs.',
        'Do not send unlawful or offensive content, or malicious code, through the contact form.',
      ],
    },
    {
      id: 'information',
      heading: '4. Information and examples',
      paragraphs: [
        'Information and quotes shown on the site are provided “as is”, for information only, and may carry delays or errors from the sources. They are not financial advice.',
      ],
    },
    {
      id: 'links',
      heading: '5. Third-party links',
      paragraphs: [
        'The site may link to third-party sites (data sources, the payment processor, repositories). We do not control those sites and are not responsible for their content.',
      ],
    },
    {
      id: 'cookies',
      heading: '6. Cookies',
      paragraphs: [
        'The site uses cookies it needs to work, described in the [Privacy Policy](/privacy#cookies).',
      ],
    },
    {
      id: 'changes',
      heading: '7. Changes, law and forum',
      paragraphs: [
        'We may change these terms at any time; the date above shows the version in force. They are governed by Brazilian law, and disputes go to the courts of the consumer user’s domicile. Questions: [contact us](/contact).',
      ],
    },
  ],
};
