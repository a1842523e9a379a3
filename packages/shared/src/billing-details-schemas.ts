import { z } from 'zod';
import { emailField } from './auth-fields.ts';
import { BRAZIL } from './billing-schemas.ts';
import { normalizeCep } from './cep.ts';
import { isValidTaxId, normalizeTaxId } from './tax-id.ts';
import { text } from './text-field.ts';
import { type ValidationMessageKey, validationMessage } from './validation-messages.ts';

/**
 * An organization's billing details (issue 27): who its invoices and notas fiscais name, kept in one place
 * (`<API_URL>/billing/details`, the Billing tab) and edited by its Owners and Billing members. The country
 * comes first and decides the rest: in Brazil a CPF or CNPJ, the address from the CEP and the municipality's
 * IBGE code (the NFS-e's tomador); elsewhere an optional tax id and the address as the country writes it.
 */

/** The 27 federative units (26 states and the Federal District), as the CEP API and the NFS-e write them. */
export const BRAZILIAN_STATES = [
  'AC',
  'AL',
  'AM',
  'AP',
  'BA',
  'CE',
  'DF',
  'ES',
  'GO',
  'MA',
  'MG',
  'MS',
  'MT',
  'PA',
  'PB',
  'PE',
  'PI',
  'PR',
  'RJ',
  'RN',
  'RO',
  'RR',
  'RS',
  'SC',
  'SE',
  'SP',
  'TO',
] as const;

/** The addresses that receive the invoices and notas: at least one, at most three. */
export const MAX_BILLING_EMAILS = 3;

/** A state registration may be "ISENTO" (exempt), as the forms of the Receita write it. */
export const STATE_REGISTRATION_EXEMPT = 'ISENTO';

const message = (key: ValidationMessageKey) => ({ message: validationMessage(key) });

/** A line printed on the invoice and the nota: trimmed, bounded, and no NUL or other control character. */
const line = (max: number) =>
  text()
    .trim()
    .max(max, message('textTooLong'))
    .regex(/^\P{Cc}*$/u, message('controlCharacters'));
const requiredLine = (key: ValidationMessageKey, max: number) => line(max).min(1, message(key));

/**
 * Each address is checked by `emailField` in the refinement below, not here: an empty one aborts its own
 * checks, which would also stop the checks across fields, and the form should show every message at once.
 */
const billingEmailsField = z
  .array(text())
  .min(1, message('billingEmailsRequired'))
  .max(MAX_BILLING_EMAILS, message('billingEmailsTooMany'));

const billingDetailsShape = z.object({
  country: text()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, message('countryRequired'))
    .default(BRAZIL),
  /** Razão social, or the person's full name for a CPF. */
  legalName: requiredLine('legalNameRequired', 150),
  /** CPF or CNPJ in Brazil (required); elsewhere optional, as the country writes it (VAT, EIN…). */
  taxId: line(40).default(''),
  /** Inscrição estadual (digits, or ISENTO); Brazil only, optional. */
  stateRegistration: line(20).default(''),
  /** Inscrição municipal; Brazil only, optional. */
  municipalRegistration: line(20).default(''),
  postalCode: requiredLine('postalCodeRequired', 20),
  street: requiredLine('addressRequired', 200),
  number: line(20).default(''),
  complement: line(100).default(''),
  district: line(100).default(''),
  city: requiredLine('cityRequired', 100),
  state: requiredLine('stateRequired', 50),
  /** The municipality's 7-digit IBGE code, from the CEP; Brazil only, optional. */
  cityCode: line(7).default(''),
  emails: billingEmailsField,
});

type DetailsInput = z.output<typeof billingDetailsShape>;
type Issues = z.core.$RefinementCtx<DetailsInput>;

function addIssue(context: Issues, path: keyof DetailsInput | ['emails', number], key: ValidationMessageKey) {
  context.addIssue({
    code: 'custom',
    path: Array.isArray(path) ? path : [path],
    message: validationMessage(key),
  });
}

// Digits (at least two) with the punctuation each state prints, or ISENTO.
const STATE_REGISTRATION = /^(?:(?=(?:\D*\d){2})[\d.\-/ ]{2,20}|isento)$/i;
const MUNICIPAL_REGISTRATION = /^[\dA-Za-z.\-/ ]{1,20}$/;

/** What a Brazilian address and registration need: the CPF or CNPJ, a real CEP and UF, a number, a district. */
function checkBrazil(details: DetailsInput, context: Issues) {
  if (!details.taxId) addIssue(context, 'taxId', 'taxIdRequired');
  else if (!isValidTaxId(details.taxId)) addIssue(context, 'taxId', 'taxIdInvalid');
  const stateRegistration = details.stateRegistration;
  if (stateRegistration && !STATE_REGISTRATION.test(stateRegistration))
    addIssue(context, 'stateRegistration', 'stateRegistrationInvalid');
  if (details.municipalRegistration && !MUNICIPAL_REGISTRATION.test(details.municipalRegistration))
    addIssue(context, 'municipalRegistration', 'municipalRegistrationInvalid');
  if (details.postalCode && normalizeCep(details.postalCode) === null)
    addIssue(context, 'postalCode', 'cepInvalid');
  if (!details.number) addIssue(context, 'number', 'streetNumberRequired');
  if (!details.district) addIssue(context, 'district', 'districtRequired');
  if (details.state && !(BRAZILIAN_STATES as readonly string[]).includes(details.state.toUpperCase()))
    addIssue(context, 'state', 'stateInvalid');
  if (details.cityCode && !/^\d{7}$/.test(details.cityCode)) addIssue(context, 'cityCode', 'cityCodeInvalid');
}

/** Stored as the nota needs them: the CPF/CNPJ, CEP and state registration without punctuation. */
function normalize(input: DetailsInput): DetailsInput {
  // Trimmed and lower-cased, as every e-mail address is kept.
  const details = { ...input, emails: input.emails.map((email) => emailField.parse(email)) };
  if (details.country !== BRAZIL) {
    // Brazilian registrations and the IBGE code mean nothing elsewhere.
    return { ...details, stateRegistration: '', municipalRegistration: '', cityCode: '' };
  }
  const registration = details.stateRegistration.toUpperCase();
  return {
    ...details,
    taxId: normalizeTaxId(details.taxId),
    stateRegistration:
      registration === STATE_REGISTRATION_EXEMPT ? registration : registration.replace(/\D/g, ''),
    postalCode: normalizeCep(details.postalCode) ?? details.postalCode,
    state: details.state.toUpperCase(),
  };
}

const CHECKED_TEXT = [
  'country',
  'taxId',
  'stateRegistration',
  'municipalRegistration',
  'postalCode',
  'number',
  'district',
  'state',
  'cityCode',
] as const;

/**
 * Whether the checks across fields can read the details. They run even when another field failed (an empty
 * e-mail aborts its own checks), so a form shows every message at once, but never on values of another type.
 */
function isReadable({ value }: { value: unknown }): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const details = value as Record<string, unknown>;
  const emails = details.emails;
  return (
    CHECKED_TEXT.every((field) => typeof details[field] === 'string') &&
    Array.isArray(emails) &&
    emails.every((email) => typeof email === 'string')
  );
}

/** `PUT <API_URL>/billing/details`: the whole set, validated in the language of the request. */
export const billingDetailsRequestSchema = billingDetailsShape
  .superRefine(
    (details, context) => {
      const seen = new Set<string>();
      details.emails.forEach((email, index) => {
        const parsed = emailField.safeParse(email);
        if (!parsed.success) {
          const [issue] = parsed.error.issues;
          context.addIssue({ code: 'custom', path: ['emails', index], message: issue?.message ?? '' });
        } else if (seen.has(parsed.data)) {
          addIssue(context, ['emails', index], 'billingEmailsDuplicate');
        } else {
          seen.add(parsed.data);
        }
      });
      if (details.country === BRAZIL) checkBrazil(details, context);
    },
    { when: isReadable },
  )
  .transform(normalize);
export type BillingDetailsRequest = z.output<typeof billingDetailsRequestSchema>;
export type BillingDetailsInput = z.input<typeof billingDetailsRequestSchema>;

/**
 * `GET <API_URL>/billing/details` and the PUT's answer: the details as stored. Plain strings (not the
 * request's checks), since details copied from before issue 27 may miss what the form now asks for.
 */
export const billingDetailsSchema = z.object({
  country: text(),
  legalName: text(),
  taxId: text(),
  stateRegistration: text(),
  municipalRegistration: text(),
  postalCode: text(),
  street: text(),
  number: text(),
  complement: text(),
  district: text(),
  city: text(),
  state: text(),
  cityCode: text(),
  emails: z.array(text()),
  updatedAt: z.iso.datetime(),
});
export type BillingDetails = z.infer<typeof billingDetailsSchema>;

/** A checkout in reais needs a Brazilian CPF or CNPJ (the boleto and the NFS-e name one). */
export function hasBrazilianTaxId(details: Pick<BillingDetails, 'country' | 'taxId'> | null): boolean {
  return details?.country === BRAZIL && isValidTaxId(details.taxId);
}
