import type { InfoDocument } from './document.ts';

export const content: InfoDocument = {
  title: 'Terms of Service',
  updated: 'Last updated: 22 Nov 2026',
  intro: [
    'These terms govern the use of Cotacep’s APIs (currency quotes and CEP lookup) and of the customer area. By creating an account or using an API token, you accept them. Use of the website in general follows the [Website Terms of Use](/terms), and personal data is handled as the [Privacy Policy](/privacy) describes.',
  ],
  sections: [
    {
      id: 'service',
      heading: '1. The service',
      paragraphs: [
        'Cotacep offers, over HTTP, quotes for more than 150 currencies in an AwesomeAPI-compatible format and address lookup by Brazilian postal code (CEP). The data comes from public sources and third-party providers, named in each answer and in the [FAQ](/faq). Figures are for information: check official sources before financial or tax decisions.',
      ],
    },
    {
      id: 'account',
      heading: '2. Account',
      items: [
        'You must give true details and keep the account’s e-mail address up to date.',
        'You are responsible for what is done with your account and your tokens.',
        'We recommend turning on two-step authentication.',
      ],
    },
    {
      id: 'keys',
      heading: '3. API tokens and confidentiality',
      items: [
        'Private tokens are confidential: do not publish them in front-end code, public repositories or messages.',
        'Public tokens should be restricted to the origins (domains) where they are used.',
        'If you suspect a leak, disable the token and create another; usage until it is disabled counts against your quota.',
      ],
    },
    {
      id: 'acceptable-use',
      heading: '4. Acceptable use',
      paragraphs: ['You may not:'],
      items: [
        'get around quotas, rate limits or token restrictions, including by opening several free accounts;',
        'resell or redistribute access to the APIs as a competing service without a specific contract;',
        'overload, probe or attack the infrastructure, or try to reach other customers’ data;',
        'use the service for unlawful purposes.',
      ],
    },
    {
      id: 'quotas',
      heading: '5. Quotas and rate limits',
      paragraphs: [
        'Each plan has a monthly quota and a maximum per-minute rate, published on [Pricing](/pricing). Only 2xx and 304 answers use the quota, counted per calendar month in UTC. Above the limits, the API answers with status 429 until the next quota period or window.',
      ],
    },
    {
      id: 'availability',
      heading: '6. Availability',
      paragraphs: [
        'We work to keep the service available and up to date, but the Free, Basic, Pro and Business plans come without a service-level agreement (SLA). An SLA exists only where an Enterprise contract provides one. We may carry out maintenance, announced in advance where possible.',
      ],
    },
    {
      id: 'payment',
      heading: '7. Payment and cancellation',
      items: [
        'Paid plans are charged in advance, per period, by card or boleto, through Stripe.',
        'Upgrades apply at once; downgrades and cancellations take effect at the end of the paid period, with no pro-rata refund unless the law requires one.',
        'If a payment fails, there is a 7-day grace period; after it, the account returns to the Free plan.',
        'We may change prices with at least 30 days’ notice; the change applies from the next period.',
      ],
    },
    {
      id: 'suspension',
      heading: '8. Suspension and termination',
      paragraphs: [
        'You may close your account at any time. We may suspend tokens or accounts that breach these terms or put the service at risk, telling you by e-mail whenever possible.',
      ],
    },
    {
      id: 'liability',
      heading: '9. Limitation of liability',
      paragraphs: [
        'To the extent the law allows, Cotacep is not liable for lost profits or indirect damages arising from the use or unavailability of the service or from errors in third-party data. Total liability is in any case limited to the amount you paid in the 12 months before the event. Nothing here removes rights under Brazil’s Consumer Protection Code.',
      ],
    },
    {
      id: 'changes',
      heading: '10. Changes',
      paragraphs: [
        'We may change these terms. Significant changes will be announced by e-mail or on the site at least 15 days in advance; using the service after that means accepting the new version.',
      ],
    },
    {
      id: 'law',
      heading: '11. Governing law and forum',
      paragraphs: [
        'These terms are governed by the laws of the Federative Republic of Brazil. Disputes go to the courts of the consumer customer’s domicile; in other cases, to the courts of Cotacep’s registered seat.',
      ],
    },
  ],
};
