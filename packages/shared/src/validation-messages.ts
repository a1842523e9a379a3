import type { Language } from './languages.ts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './password-limits.ts';

/**
 * Form validation messages of spec §5. Schemas in this package use the keys as their messages; the
 * server translates them for error bodies and the web app loads them into i18next under `validation`.
 */
export const VALIDATION_MESSAGES = {
  nameRequired: { en: 'Please enter your name', 'pt-BR': 'Por favor, informe seu nome' },
  lastNameRequired: { en: 'Please enter Last Name', 'pt-BR': 'Por favor, informe o sobrenome' },
  personNameInvalid: {
    en: 'A name cannot contain web or e-mail addresses, line breaks or control characters',
    'pt-BR': 'O nome não pode conter endereços web ou de e-mail, quebras de linha nem caracteres de controle',
  },
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
  // Issue 23: in plain words, with the figure (the spec's "did not conform with policy" texts).
  passwordTooShort: {
    en: `The password must have at least ${PASSWORD_MIN_LENGTH} characters.`,
    'pt-BR': `A senha precisa ter pelo menos ${PASSWORD_MIN_LENGTH} caracteres.`,
  },
  passwordTooLong: {
    en: `The password can have at most ${PASSWORD_MAX_LENGTH} characters.`,
    'pt-BR': `A senha pode ter no máximo ${PASSWORD_MAX_LENGTH} caracteres.`,
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
  // Contact forms: Enterprise plan and Contact page (issue 12).
  contactTopicInvalid: {
    en: 'Please choose what your message is about',
    'pt-BR': 'Por favor, escolha o assunto da sua mensagem',
  },
  contactNameInvalid: {
    en: 'Please enter your name with up to 100 characters and no control characters',
    'pt-BR': 'Por favor, informe seu nome com até 100 caracteres e sem caracteres de controle',
  },
  contactCompanyInvalid: {
    en: 'Please enter the company name with up to 200 characters and no control characters',
    'pt-BR': 'Por favor, informe o nome da empresa com até 200 caracteres e sem caracteres de controle',
  },
  contactMessageRequired: { en: 'Please enter your message', 'pt-BR': 'Por favor, escreva sua mensagem' },
  contactMessageLength: {
    en: 'The message must have between 10 and 5000 characters',
    'pt-BR': 'A mensagem deve ter entre 10 e 5000 caracteres',
  },
  contactMessageInvalid: {
    en: 'The message contains control characters that cannot be sent',
    'pt-BR': 'A mensagem contém caracteres de controle que não podem ser enviados',
  },
  // API keys and projects (issue 5).
  descriptionRequired: { en: 'Please enter a description', 'pt-BR': 'Por favor, informe uma descrição' },
  descriptionTooLong: {
    en: 'The description must have at most 100 characters',
    'pt-BR': 'A descrição deve ter no máximo 100 caracteres',
  },
  keyKindInvalid: { en: 'Please choose public or private', 'pt-BR': 'Por favor, escolha pública ou privada' },
  keyKindRequired: {
    en: 'Please choose the kind together with the allowed origins',
    'pt-BR': 'Por favor, informe o tipo junto com as origens permitidas',
  },
  allowedOriginsRequired: {
    en: 'Please enter the allowed origins, or * to allow every origin',
    'pt-BR': 'Por favor, informe as origens permitidas, ou * para permitir todas',
  },
  allowedOriginInvalid: {
    en: 'Enter * or exact origins such as https://example.com or http://localhost:3000, separated by commas',
    'pt-BR':
      'Informe * ou origens exatas como https://exemplo.com.br ou http://localhost:3000, separadas por vírgulas',
  },
  allowedIpsRequired: {
    en: 'Please enter the allowed IP addresses, or 0.0.0.0/0 and ::/0 to allow every IP',
    'pt-BR': 'Por favor, informe os IPs permitidos, ou 0.0.0.0/0 e ::/0 para permitir todos',
  },
  allowedIpInvalid: {
    en: 'Enter IP addresses or CIDR ranges such as 203.0.113.7, 10.0.0.0/8 or 2001:db8::/32, separated by commas',
    'pt-BR':
      'Informe endereços IP ou faixas CIDR como 203.0.113.7, 10.0.0.0/8 ou 2001:db8::/32, separados por vírgulas',
  },
  allowedListTooLong: {
    en: 'Enter at most 100 allowed origins or IP ranges',
    'pt-BR': 'Informe no máximo 100 origens ou faixas de IP permitidas',
  },
  graceSecondsInvalid: {
    en: 'The grace period must be between 0 seconds and 7 days',
    'pt-BR': 'O período de carência deve ficar entre 0 segundos e 7 dias',
  },
  organizationNameRequired: {
    en: 'Please enter the organization name',
    'pt-BR': 'Por favor, informe o nome da organização',
  },
  organizationNameTooLong: {
    en: 'The organization name must have at most 80 characters',
    'pt-BR': 'O nome da organização deve ter no máximo 80 caracteres',
  },
  roleInvalid: { en: 'Please choose a role', 'pt-BR': 'Por favor, escolha um papel' },
  projectNameRequired: {
    en: 'Please enter the project name',
    'pt-BR': 'Por favor, informe o nome do projeto',
  },
  projectNameTooLong: {
    en: 'The project name must have at most 80 characters',
    'pt-BR': 'O nome do projeto deve ter no máximo 80 caracteres',
  },
  projectDescriptionTooLong: {
    en: 'The project description must have at most 500 characters',
    'pt-BR': 'A descrição do projeto deve ter no máximo 500 caracteres',
  },
  passkeyNameRequired: {
    en: 'Please enter a name for the passkey',
    'pt-BR': 'Por favor, dê um nome à passkey',
  },
  passkeyNameTooLong: {
    en: 'The passkey name must have at most 64 characters',
    'pt-BR': 'O nome da passkey deve ter no máximo 64 caracteres',
  },
  planUnknown: { en: 'Please choose one of the plans on sale', 'pt-BR': 'Escolha um dos planos à venda' },
  cycleUnknown: {
    en: 'Please choose monthly or yearly billing',
    'pt-BR': 'Escolha cobrança mensal ou anual',
  },
  controlCharacters: {
    en: 'Please remove the control characters from this field',
    'pt-BR': 'Remova os caracteres de controle deste campo',
  },
  addressRequired: { en: 'Please enter the address', 'pt-BR': 'Por favor, informe o endereço' },
  cityRequired: { en: 'Please enter the city', 'pt-BR': 'Por favor, informe a cidade' },
  stateRequired: { en: 'Please enter the state', 'pt-BR': 'Por favor, informe o estado' },
  postalCodeRequired: {
    en: 'Please enter the postal code',
    'pt-BR': 'Por favor, informe o CEP ou código postal',
  },
  countryRequired: { en: 'Please choose the country', 'pt-BR': 'Por favor, escolha o país' },
  taxIdRequired: {
    en: 'Please enter the CPF or CNPJ',
    'pt-BR': 'Por favor, informe o CPF ou CNPJ',
  },
  // Billing details (issue 27).
  textTooLong: { en: 'This text is too long', 'pt-BR': 'Este texto é longo demais' },
  legalNameRequired: {
    en: 'Please enter the legal name (or the full name for a CPF)',
    'pt-BR': 'Por favor, informe a razão social (ou o nome completo, para um CPF)',
  },
  stateRegistrationInvalid: {
    en: 'Please enter the state registration with digits only, or ISENTO',
    'pt-BR': 'Por favor, informe a inscrição estadual só com números, ou ISENTO',
  },
  municipalRegistrationInvalid: {
    en: 'Please enter the municipal registration with letters and digits only',
    'pt-BR': 'Por favor, informe a inscrição municipal só com letras e números',
  },
  cepInvalid: { en: 'Please enter a CEP with 8 digits', 'pt-BR': 'Por favor, informe um CEP com 8 dígitos' },
  streetNumberRequired: {
    en: 'Please enter the number (S/N if there is none)',
    'pt-BR': 'Por favor, informe o número (S/N se não houver)',
  },
  districtRequired: { en: 'Please enter the district', 'pt-BR': 'Por favor, informe o bairro' },
  stateInvalid: { en: 'Please choose the state (UF)', 'pt-BR': 'Por favor, escolha o estado (UF)' },
  cityCodeInvalid: {
    en: 'The IBGE code of the city has 7 digits',
    'pt-BR': 'O código IBGE do município tem 7 dígitos',
  },
  billingEmailsRequired: {
    en: 'Please enter at least one e-mail for invoices',
    'pt-BR': 'Por favor, informe ao menos um e-mail para as faturas',
  },
  billingEmailsTooMany: {
    en: 'Up to three e-mails receive the invoices',
    'pt-BR': 'No máximo três e-mails recebem as faturas',
  },
  billingEmailsDuplicate: {
    en: 'This e-mail is already in the list',
    'pt-BR': 'Este e-mail já está na lista',
  },
  cardNumberInvalid: {
    en: 'Please enter a valid card number',
    'pt-BR': 'Informe um número de cartão válido',
  },
  cardExpiryInvalid: { en: 'Please enter the expiry as MM/YY', 'pt-BR': 'Informe a validade como MM/AA' },
  cardCvcInvalid: { en: 'Please enter the 3 or 4 digit CVC', 'pt-BR': 'Informe o CVC de 3 ou 4 dígitos' },
  pageSizeInvalid: {
    en: 'Please ask for between 1 and 100 entries per page',
    'pt-BR': 'Peça entre 1 e 100 registros por página',
  },
  staffReasonRequired: {
    en: 'Please give the reason for this action (at least 10 characters)',
    'pt-BR': 'Informe o motivo desta ação (pelo menos 10 caracteres)',
  },
  quotaGrantInvalid: {
    en: 'Please grant between 1 and 1,000,000,000 extra requests',
    'pt-BR': 'Conceda entre 1 e 1.000.000.000 requisições extras',
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
