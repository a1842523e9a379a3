import type { Language } from './languages.ts';

/**
 * Every error the server answers with: a machine code, an HTTP status and the message in each language.
 * The body is `{ code, message, requestId }` (validation: `code: "ZodError"` and a list of messages),
 * which is what the spec's client error normaliser reads (§8).
 */
export const ERRORS = {
  ZodError: { status: 400, en: 'Invalid request', 'pt-BR': 'Requisição inválida' },
  BadRequest: { status: 400, en: 'Invalid request', 'pt-BR': 'Requisição inválida' },
  Unauthorized: { status: 401, en: 'Authentication required', 'pt-BR': 'Autenticação necessária' },
  Forbidden: { status: 403, en: 'Access denied', 'pt-BR': 'Acesso negado' },
  XsrfTokenInvalid: {
    status: 403,
    en: 'Your session form token is missing or invalid. Reload the page and try again.',
    'pt-BR':
      'O token de proteção do formulário está ausente ou é inválido. Recarregue a página e tente novamente.',
  },
  NotFound: { status: 404, en: 'Not found', 'pt-BR': 'Não encontrado' },
  MethodNotAllowed: { status: 405, en: 'Method not allowed', 'pt-BR': 'Método não permitido' },
  RequestTimeout: {
    status: 408,
    en: 'The request took too long to arrive',
    'pt-BR': 'A requisição demorou demais para chegar',
  },
  PayloadTooLarge: {
    status: 413,
    en: 'Request body too large',
    'pt-BR': 'Corpo da requisição grande demais',
  },
  UnsupportedMediaType: {
    status: 415,
    en: 'Unsupported content type',
    'pt-BR': 'Tipo de conteúdo não suportado',
  },
  HeadersTooLarge: {
    status: 431,
    en: 'Request headers too large',
    'pt-BR': 'Cabeçalhos da requisição grandes demais',
  },
  TooManyRequests: {
    status: 429,
    en: 'Attempt limit exceeded, please try after some time.',
    'pt-BR': 'Limite de tentativas excedido, tente novamente mais tarde.',
  },
  InternalError: { status: 500, en: 'Something went wrong', 'pt-BR': 'Algo deu errado' },
  ServiceUnavailable: {
    status: 503,
    en: 'Service temporarily unavailable',
    'pt-BR': 'Serviço temporariamente indisponível',
  },
  // The database cannot be reached (issue 15): a 503 with Retry-After rather than a 500.
  DatabaseUnavailable: {
    status: 503,
    en: 'The service is temporarily unavailable. Please try again in a few seconds.',
    'pt-BR': 'O serviço está temporariamente indisponível. Tente novamente em alguns segundos.',
  },
  // Identity (issue 3). English texts follow the hosted identity service the spec's messages come from.
  NotAuthorized: {
    status: 401,
    en: 'Incorrect username or password.',
    'pt-BR': 'Usuário ou senha incorretos.',
  },
  PasswordAttemptsExceeded: {
    status: 429,
    en: 'Password attempts exceeded',
    'pt-BR': 'Número de tentativas de senha excedido',
  },
  UserNotConfirmed: { status: 403, en: 'User is not confirmed.', 'pt-BR': 'Usuário não confirmado.' },
  UsernameExists: {
    status: 409,
    en: 'An account with the given email already exists.',
    'pt-BR': 'Já existe uma conta com o e-mail informado.',
  },
  CodeMismatch: {
    status: 400,
    en: 'Invalid verification code provided, please try again.',
    'pt-BR': 'Código de verificação inválido, tente novamente.',
  },
  ExpiredCode: {
    status: 400,
    en: 'Invalid code provided, please request a code again.',
    'pt-BR': 'Código inválido, solicite um novo código.',
  },
  MfaCodeExpired: {
    status: 400,
    en: 'MFA code expired, please try again.',
    'pt-BR': 'O código MFA expirou, tente novamente.',
  },
  ChallengeSessionInvalid: {
    status: 401,
    en: 'Invalid session for the user, session is expired.',
    'pt-BR': 'Sessão inválida para o usuário, a sessão expirou.',
  },
  InvalidPassword: {
    status: 400,
    en: 'Password did not conform with policy: Password not long enough',
    'pt-BR': 'A senha não está de acordo com a política: senha curta demais',
  },
  PasswordTooCommon: {
    status: 400,
    en: 'Password did not conform with policy: Password is too common',
    'pt-BR': 'A senha não está de acordo com a política: senha comum demais',
  },
  SmsMfaNotConfigured: {
    status: 400,
    en: 'User does not have delivery config set to turn on SMS_MFA',
    'pt-BR': 'O usuário não tem um telefone verificado para ativar o MFA por SMS',
  },
  RefreshTokenInvalid: { status: 401, en: 'Invalid Refresh Token', 'pt-BR': 'Token de atualização inválido' },
  DestinationRejected: {
    status: 400,
    en: 'This address cannot receive our messages. Check it and try again.',
    'pt-BR': 'Este endereço não pode receber nossas mensagens. Confira e tente novamente.',
  },
  CodeDeliveryFailed: {
    status: 503,
    en: 'We could not send the code right now, please try again.',
    'pt-BR': 'Não foi possível enviar o código agora, tente novamente.',
  },
  CaptchaRequired: {
    status: 400,
    en: 'Please complete the human verification.',
    'pt-BR': 'Por favor, conclua a verificação humana.',
  },
  CaptchaFailed: {
    status: 400,
    en: 'Human verification failed, please try again.',
    'pt-BR': 'A verificação humana falhou, tente novamente.',
  },
  OAuthProviderNotConfigured: {
    status: 404,
    en: 'This sign-in provider is not available.',
    'pt-BR': 'Este provedor de login não está disponível.',
  },
  OAuthStateInvalid: {
    status: 400,
    en: 'The sign-in request expired or is invalid, please try again.',
    'pt-BR': 'A solicitação de login expirou ou é inválida, tente novamente.',
  },
  OAuthFailed: {
    status: 502,
    en: 'The sign-in provider could not confirm your identity, please try again.',
    'pt-BR': 'O provedor de login não confirmou sua identidade, tente novamente.',
  },
  OAuthEmailUnverified: {
    status: 400,
    en: 'The sign-in provider did not confirm your e-mail address.',
    'pt-BR': 'O provedor de login não confirmou seu endereço de e-mail.',
  },
  OAuthAlreadyLinked: {
    status: 409,
    en: 'This provider account is already linked to another user.',
    'pt-BR': 'Esta conta do provedor já está vinculada a outro usuário.',
  },
  // API keys, projects and usage (issue 5).
  ApiKeyNotFound: { status: 404, en: 'API key not found.', 'pt-BR': 'Chave de API não encontrada.' },
  ProjectNotFound: { status: 404, en: 'Project not found.', 'pt-BR': 'Projeto não encontrado.' },
  KeyLimitReached: {
    status: 403,
    en: 'Your plan does not allow more API keys. Delete a key or upgrade your plan.',
    'pt-BR': 'Seu plano não permite mais chaves de API. Exclua uma chave ou mude de plano.',
  },
  ProjectLimitReached: {
    status: 403,
    en: 'Your plan does not allow more projects. Delete a project or upgrade your plan.',
    'pt-BR': 'Seu plano não permite mais projetos. Exclua um projeto ou mude de plano.',
  },
  ProjectHasKeys: {
    status: 409,
    en: 'This project still has API keys. Delete or move them first.',
    'pt-BR': 'Este projeto ainda tem chaves de API. Exclua-as ou mova-as antes.',
  },
  KeyKindImmutable: {
    status: 400,
    en: 'The kind of a key cannot change, since its secret tells the kind. Create a new key instead.',
    'pt-BR': 'O tipo de uma chave não pode mudar, pois o segredo indica o tipo. Crie uma nova chave.',
  },
  // Plans and billing (issue 12).
  AlreadyOnPlan: {
    status: 409,
    en: 'You are already on this plan and billing cycle.',
    'pt-BR': 'Você já está neste plano e ciclo de cobrança.',
  },
  CheckoutInProgress: {
    status: 409,
    en: 'A checkout is already open for your account. Finish it or cancel it first.',
    'pt-BR': 'Já existe um pagamento em aberto para sua conta. Conclua-o ou cancele-o antes.',
  },
  CheckoutNotFound: { status: 404, en: 'Checkout not found.', 'pt-BR': 'Pagamento não encontrado.' },
  CheckoutClosed: {
    status: 409,
    en: 'This checkout is no longer open. Start again from the pricing page.',
    'pt-BR': 'Este pagamento não está mais aberto. Comece de novo pela página de planos.',
  },
  CardDeclined: {
    status: 402,
    en: 'Your card was declined. Try another card.',
    'pt-BR': 'Seu cartão foi recusado. Tente outro cartão.',
  },
  InsufficientFunds: {
    status: 402,
    en: 'Your card has insufficient funds. Try another card.',
    'pt-BR': 'Seu cartão não tem saldo suficiente. Tente outro cartão.',
  },
  CardProcessingError: {
    status: 402,
    en: 'An error occurred while processing your card. Please try again.',
    'pt-BR': 'Ocorreu um erro ao processar seu cartão. Tente novamente.',
  },
  BoletoNeedsBrl: {
    status: 400,
    en: 'Boleto is available for payments in reais (BRL) only.',
    'pt-BR': 'O boleto só está disponível para pagamentos em reais (BRL).',
  },
  SubscriptionNotFound: {
    status: 404,
    en: 'You have no subscription to manage.',
    'pt-BR': 'Você não tem uma assinatura para gerenciar.',
  },
  SubscriptionNotChangeable: {
    status: 409,
    en: 'This subscription cannot be changed now. Settle the open invoice first.',
    'pt-BR': 'Esta assinatura não pode ser alterada agora. Pague a fatura em aberto antes.',
  },
  InvoiceNotFound: { status: 404, en: 'Invoice not found.', 'pt-BR': 'Fatura não encontrada.' },
  PaymentsUnavailable: {
    status: 503,
    en: 'Payments are unavailable right now. Please try again in a few minutes.',
    'pt-BR': 'Os pagamentos estão indisponíveis no momento. Tente novamente em alguns minutos.',
  },
  WebhookSignatureInvalid: {
    status: 400,
    en: 'Webhook signature verification failed.',
    'pt-BR': 'A verificação da assinatura do webhook falhou.',
  },
} as const satisfies Record<string, { status: number } & Record<Language, string>>;

export type ErrorCode = keyof typeof ERRORS;

export type ValidationIssue = { message: string; path: (string | number)[] };

export type ErrorBody =
  | { code: 'ZodError'; message: ValidationIssue[]; requestId?: string }
  | { code: string; message: string; requestId?: string; [extra: string]: unknown };
