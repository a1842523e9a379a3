import type { FaqDocument } from './document.ts';

export const content: FaqDocument = {
  title: 'Frequently asked questions',
  intro:
    'Short answers about quotas, tokens, data, billing and privacy. Did not find what you need? [Contact us](/contact).',
  groups: [
    {
      id: 'quotas',
      heading: 'Quotas and what counts',
      questions: [
        {
          question: 'Which calls use my monthly quota?',
          answer: [
            'Only successful answers: status 2xx and 304 (not modified). Errors, rate-limit refusals and calls with an invalid token are not counted.',
          ],
        },
        {
          question: 'When does the quota reset?',
          answer: [
            'The quota runs per calendar month in UTC: it starts again at 00:00 UTC on the 1st of each month.',
          ],
        },
        {
          question: 'Is there a per-minute limit?',
          answer: [
            'Yes. Each plan has a maximum number of requests per minute on top of its monthly quota; each plan’s figures are on [Pricing](/pricing). Above the rate, the API answers 429 until the next minute.',
          ],
        },
        {
          question: 'Can I use the API without a token?',
          answer: [
            'Yes, for testing: anonymous calls are limited per IP address, with a low per-minute limit, and may get answers cached for up to a minute. For real use, create a free account and use a token.',
          ],
        },
      ],
    },
    {
      id: 'keys',
      heading: 'Tokens and restrictions',
      questions: [
        {
          question: 'How do I send my token?',
          answer: [
            'In the `x-api-key` header (recommended) or in the `token=` query parameter. The header keeps the token out of server logs and browser history.',
          ],
        },
        {
          question: 'What is the difference between a public and a private token?',
          answer: [
            'A public token may ship to the browser and is accepted only when the call comes from the origins (domains) you registered. A private token stays on your server and can be restricted to IP ranges. Never publish a private token.',
          ],
        },
        {
          question: 'My token leaked. What should I do?',
          answer: [
            'Disable or delete the token in your account’s tokens tab and create another. The old token stops working within seconds.',
          ],
        },
      ],
    },
    {
      id: 'data',
      heading: 'Data sources and freshness',
      questions: [
        {
          question: 'Where do the quotes come from?',
          answer: [
            'From three public sources: the fawazahmed0/exchange-api data set (CC0 licence), the European Central Bank (ECB) reference rates and the Central Bank of Brazil’s PTAX. Every answer states its source and the time the figure refers to.',
          ],
        },
        {
          question: 'How often is the data updated?',
          answer: [
            'We poll the sources regularly throughout the day. Each source publishes at its own pace: exchange-api once a day, the ECB once per working day and PTAX in windows during each Brazilian business day. Outside publishing hours, the latest figure stands.',
            'The `/api/status` endpoint shows, for each source, the last update, whether the data is fresh and the state of its circuit breaker.',
          ],
        },
      ],
    },
    {
      id: 'cep',
      heading: 'CEP coverage',
      questions: [
        {
          question: 'Which postal codes does the API find?',
          answer: [
            'Street-level records from public providers (ViaCEP, BrasilAPI and OpenCEP) and from imported reference data.',
          ],
        },
        {
          question: 'What if the providers are down?',
          answer: [
            'Only then may the API answer with a municipality-level record (city and state, no street), marked as such in the answer, so that your application keeps working.',
          ],
        },
      ],
    },
    {
      id: 'billing',
      heading: 'Billing and cancellation',
      questions: [
        {
          question: 'How can I pay?',
          answer: [
            'By credit card or, for charges in Brazilian reais, by boleto. Payments are processed by Stripe; we never store your card details.',
          ],
        },
        {
          question: 'How do plan changes work?',
          answer: [
            'An upgrade applies at once. A downgrade or a cancellation takes effect at the end of the period already paid; until then you keep your current plan.',
          ],
        },
        {
          question: 'What if a payment fails?',
          answer: [
            'You have a 7-day grace period to settle the payment. After that, the account returns to the Free plan.',
          ],
        },
        {
          question: 'Where are my invoices?',
          answer: ['In the Billing tab of your account settings, with each invoice’s status and receipt.'],
        },
      ],
    },
    {
      id: 'lgpd',
      heading: 'Privacy and LGPD',
      questions: [
        {
          question: 'What data do you keep?',
          answer: [
            'Account data (name, e-mail, optional phone, language), security data (hashed password, sessions, authentication factors), API usage records (token, status and time, aggregated per hour) and billing records. The details are in the [Privacy Policy](/privacy).',
          ],
        },
        {
          question: 'How do I ask for access to or deletion of my data?',
          answer: [
            'Send the request through the [contact form](/contact), from your account’s e-mail address. We answer as required by Brazil’s General Data Protection Law (LGPD, Law 13.709/2018).',
          ],
        },
      ],
    },
  ],
};
