import { z } from 'zod';
import { captchaTokenField, emailField } from './auth-fields.ts';
import { text } from './text-field.ts';
import { validationMessage } from './validation-messages.ts';

/** The contact forms (Enterprise plan, Contact page): `POST <API_URL>/contact`, public, bot-protected. */
export const CONTACT_TOPICS = ['enterprise', 'general'] as const;
export type ContactTopic = (typeof CONTACT_TOPICS)[number];

export const CONTACT_NAME_MAX = 100;
export const CONTACT_COMPANY_MAX = 200;
export const CONTACT_MESSAGE_MIN = 10;
export const CONTACT_MESSAGE_MAX = 5000;

// NUL and the other control characters (C0, DEL, C1) end up in e-mail and the database; a message
// keeps its line breaks and tabs, a name or a company has none.
const CONTROL = /\p{Cc}/u;
const CONTROL_BUT_LINE_BREAKS = /(?![\t\n\r])\p{Cc}/u;
const hasNone = (pattern: RegExp) => (value: string) => !pattern.test(value);

const nameField = text('contactNameInvalid')
  .trim()
  .min(1, { message: validationMessage('nameRequired'), abort: true })
  .max(CONTACT_NAME_MAX, validationMessage('contactNameInvalid'))
  .refine(hasNone(CONTROL), validationMessage('contactNameInvalid'));

/** Optional: an empty text means no company. */
const companyField = text('contactCompanyInvalid')
  .trim()
  .max(CONTACT_COMPANY_MAX, validationMessage('contactCompanyInvalid'))
  .refine(hasNone(CONTROL), validationMessage('contactCompanyInvalid'));

const messageField = text('contactMessageInvalid')
  .trim()
  .min(1, { message: validationMessage('contactMessageRequired'), abort: true })
  .min(CONTACT_MESSAGE_MIN, validationMessage('contactMessageLength'))
  .max(CONTACT_MESSAGE_MAX, validationMessage('contactMessageLength'))
  .refine(hasNone(CONTROL_BUT_LINE_BREAKS), validationMessage('contactMessageInvalid'));

export const contactRequestSchema = z.object({
  topic: z.enum(CONTACT_TOPICS, { error: validationMessage('contactTopicInvalid') }),
  name: nameField,
  email: emailField,
  company: companyField.optional(),
  message: messageField,
  captchaToken: captchaTokenField,
});
export type ContactRequest = z.infer<typeof contactRequestSchema>;

export const contactResponseSchema = z.object({ id: text() });
export type ContactResponse = z.infer<typeof contactResponseSchema>;
