import type { Language } from './languages.ts';

/**
 * Form validation messages of spec §5. Schemas in this package use the keys as their messages; the
 * server translates them for error bodies and the web app loads them into i18next under `validation`.
 */
export const VALIDATION_MESSAGES = {
  nameRequired: { en: 'Please enter your name', 'pt-BR': 'Por favor, informe seu nome' },
  lastNameRequired: { en: 'Please enter Last Name', 'pt-BR': 'Por favor, informe o sobrenome' },
  emailRequired: { en: 'Please enter your email', 'pt-BR': 'Por favor, informe seu e-mail' },
  emailInvalid: { en: 'Please enter valid email', 'pt-BR': 'Por favor, informe um e-mail válido' },
  codeRequired: { en: 'Please enter code', 'pt-BR': 'Por favor, informe o código' },
  mfaCodeRequired: { en: 'Please enter the MFA code', 'pt-BR': 'Por favor, informe o código MFA' },
  codeTooShort: {
    en: 'Code must be at least 6 characters long',
    'pt-BR': 'O código deve ter pelo menos 6 caracteres',
  },
  passwordRequired: { en: 'Please enter your password', 'pt-BR': 'Por favor, informe sua senha' },
  newPasswordRequired: { en: 'Please enter new password', 'pt-BR': 'Por favor, informe a nova senha' },
  currentPasswordRequired: {
    en: 'Please enter Current Password',
    'pt-BR': 'Por favor, informe a senha atual',
  },
  confirmPasswordRequired: { en: 'Please confirm your password', 'pt-BR': 'Por favor, confirme sua senha' },
  passwordsMustMatch: { en: 'Passwords do not match', 'pt-BR': 'As senhas não coincidem' },
  passwordTooShort: {
    en: 'Password did not conform with policy: Password not long enough',
    'pt-BR': 'A senha não está de acordo com a política: senha curta demais',
  },
  passwordTooLong: {
    en: 'Password did not conform with policy: Password too long',
    'pt-BR': 'A senha não está de acordo com a política: senha longa demais',
  },
  passwordMustDiffer: {
    en: 'New password must be different from the current password.',
    'pt-BR': 'A nova senha deve ser diferente da senha atual.',
  },
  phoneInvalid: {
    en: 'Please enter a valid phone number in international format, e.g. +5511987654321',
    'pt-BR': 'Por favor, informe um telefone válido no formato internacional, ex.: +5511987654321',
  },
  taxIdInvalid: {
    en: 'Please enter a valid CPF or CNPJ',
    'pt-BR': 'Por favor, informe um CPF ou CNPJ válido',
  },
  currencyInvalid: {
    en: 'Please choose a valid currency',
    'pt-BR': 'Por favor, escolha uma moeda válida',
  },
  timezoneInvalid: {
    en: 'Please choose a valid time zone',
    'pt-BR': 'Por favor, escolha um fuso horário válido',
  },
  localeInvalid: {
    en: 'Please choose a valid locale',
    'pt-BR': 'Por favor, escolha uma localidade válida',
  },
} as const satisfies Record<string, Record<Language, string>>;

export type ValidationMessageKey = keyof typeof VALIDATION_MESSAGES;

/** The message to put in a Zod schema: `validation.<key>`, translated where it is shown. */
export function validationMessage(key: ValidationMessageKey): string {
  return `validation.${key}`;
}

export function translateValidationMessage(message: string, language: Language): string | undefined {
  if (!message.startsWith('validation.')) return undefined;
  const entry = VALIDATION_MESSAGES[message.slice('validation.'.length) as ValidationMessageKey];
  return entry?.[language];
}
