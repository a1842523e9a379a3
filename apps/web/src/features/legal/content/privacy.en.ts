import { COMPANY, formatCompanyAddress } from '@cotacep/shared/company';
import type { InfoDocument } from './document.ts';

export const content: InfoDocument = {
  title: 'Privacy Policy',
  updated: 'Last updated: 26 Nov 2026',
  intro: [
    'This policy explains what personal data Cotacep processes, why, on what legal basis, for how long and how you exercise your rights, under Brazil’s General Data Protection Law (LGPD, Law 13.709/2018).',
  ],
  sections: [
    {
      id: 'controller',
      heading: '1. Controller',
      paragraphs: [
        `The controller is ${COMPANY.legalName} (Cotacep), CNPJ ${COMPANY.cnpj}, ${formatCompanyAddress()}, the provider of the currency-quote and CEP lookup APIs offered on this site. For anything about your data, write to ${COMPANY.email} or use the [contact form](/contact); the [contact page](/contact) shows this same address.`,
      ],
    },
    {
      id: 'data',
      heading: '2. Data we process',
      items: [
        'Account data: first and last name, e-mail, phone (optional) and preferred language.',
        'Security data: password stored only as a hash, sessions and signed-in devices, two-step authentication factors and activity records (sign-ins and account changes, with IP address and browser).',
        'API usage data: token used, project, answer status and time, aggregated per hour; the IP address of anonymous calls, to apply the per-IP limit.',
        'Billing data: plan, subscriptions, invoices and payment status. Card details are collected and kept by Stripe, not by us.',
        'Messages sent through the contact form: name, e-mail and the message itself.',
      ],
    },
    {
      id: 'purposes',
      heading: '3. Purposes and legal bases',
      items: [
        'Creating and keeping your account, authenticating access and providing the APIs you signed up for — performance of a contract (art. 7, V).',
        'Measuring usage, applying quotas and limits and charging for the plan — performance of a contract (art. 7, V).',
        'Protecting accounts and the service against fraud and abuse (lockout after failed sign-ins, bot protection, per-IP limits) — legitimate interest (art. 7, IX).',
        'Keeping tax and access records required by law, such as those of Brazil’s Internet Civil Framework — legal obligation (art. 7, II).',
        'Answering contact-form messages — legitimate interest or steps prior to a contract.',
        'Non-essential cookies and storage, should we ever use them — consent (art. 7, I), which you may revoke at any time.',
      ],
    },
    {
      id: 'sharing',
      heading: '4. Sharing',
      paragraphs: [
        'We do not sell personal data. We share only what is needed with processors that serve us: Stripe, to process payments; infrastructure providers (hosting, database, e-mail and SMS delivery), to run the service. We may also disclose data to authorities under a legal obligation or a court order.',
      ],
    },
    {
      id: 'transfers',
      heading: '5. International transfers',
      paragraphs: [
        'Stripe and some infrastructure providers may process data outside Brazil, including in the United States and the European Union. These transfers rely on art. 33 of the LGPD, with data-protection contract clauses and with providers that follow recognised information-security standards.',
      ],
    },
    {
      id: 'retention',
      heading: '6. How long we keep data',
      items: [
        'Account data: while the account exists. When you close it, your personal data is anonymised 30 days later (until then, signing in cancels the closure).',
        'Activity and security records (sign-ins and account changes, with IP address and browser): 1 year.',
        'API usage records: 13 months.',
        'Payment records and invoices: 5 years, the period tax law requires, even after the account is closed.',
        'Contact messages: as long as needed to handle the request and for up to 5 years for the defence of legal rights.',
        'At the end of these periods, data is deleted or anonymised.',
      ],
    },
    {
      id: 'rights',
      heading: '7. Your rights (LGPD art. 18)',
      items: [
        'Confirmation that we process your data.',
        'Access to the data and its portability to another provider: in Account settings → Privacy, [Download my data](/account/settings?tab=privacy) prepares a JSON file of every personal datum we hold about you and e-mails you a link, valid for 24 hours, that only you can open.',
        'Correction of incomplete, inaccurate or outdated data.',
        'Anonymisation, blocking or deletion of unnecessary or excessive data, or data processed unlawfully: on the same page, [Close my account](/account/settings?tab=privacy) ends your sessions and stops the tokens of the organizations that are only yours; 30 days later your personal data is anonymised, and signing in before then cancels the closure. Invoices and payment records are kept for the period tax law requires (5 years).',
        'Deletion of data processed on the basis of consent.',
        'Information about the entities we share data with.',
        'Information about the option not to consent and what refusing means.',
        'Revocation of consent.',
      ],
    },
    {
      id: 'exercise',
      heading: '8. How to exercise your rights',
      paragraphs: [
        'You can correct your name, phone and language yourself in the account settings and, in [Account settings → Privacy](/account/settings?tab=privacy), download your data or close your account without writing to us. For any other request, write through the [contact form](/contact), preferably from your account’s e-mail address so that we can confirm who you are. We answer within 15 days. You may also complain to Brazil’s National Data Protection Authority (ANPD).',
      ],
    },
    {
      id: 'cookies',
      heading: '9. Cookies and local storage',
      paragraphs: [
        'We use only cookies and storage the site needs to work: the session cookie (to keep you signed in), the XSRF token (protection against request forgery) and your language preference. The cookie notice records in your browser that you have read it.',
        'Should we ever use non-essential cookies (for example, for analytics), we will ask for your consent first, and you may revoke it at any time.',
      ],
    },
    {
      id: 'security',
      heading: '10. Security',
      paragraphs: [
        'We take technical and organisational measures to protect data: encrypted connections, strongly hashed passwords, API tokens stored only as hashes, optional two-step authentication and restricted access to our systems.',
      ],
    },
    {
      id: 'dpo',
      heading: '11. Data protection officer (Encarregado)',
      paragraphs: [
        `The data protection officer answers data subjects and the ANPD. Reach them at ${COMPANY.email} or through the [contact form](/contact), with “LGPD” in the subject.`,
      ],
    },
    {
      id: 'changes',
      heading: '12. Changes to this policy',
      paragraphs: [
        'We may update this policy. The date at the top shows the latest version; significant changes will be announced by e-mail or by a notice on the site before they take effect.',
      ],
    },
  ],
};
