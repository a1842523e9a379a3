import type { Language } from './languages.ts';
import { MAX_PASSKEYS_PER_USER } from './passkey-limits.ts';
import { PASSWORD_MIN_LENGTH } from './password-limits.ts';

/**
 * What a JSON request body may hold (issue 22): the server measures a body against these before it parses
 * it, so a small body nested thousands deep or holding 100,000 values never ties up its only thread.
 * `maxItems` counts values: every element, every key's value, every object and array.
 */
export const JSON_BODY_LIMITS = { maxDepth: 32, maxItems: 10_000 } as const;

const count = (value: number, language: Language) => value.toLocaleString(language);

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
  // Bodies the server refuses before parsing them (issue 22).
  JsonTooDeep: {
    status: 400,
    en: `The JSON body is nested too deeply: at most ${JSON_BODY_LIMITS.maxDepth} levels of objects and arrays.`,
    'pt-BR': `O corpo JSON tem aninhamento profundo demais: no máximo ${JSON_BODY_LIMITS.maxDepth} níveis de objetos e listas.`,
  },
  JsonTooManyItems: {
    status: 400,
    en: `The JSON body has too many items: at most ${count(JSON_BODY_LIMITS.maxItems, 'en')} values.`,
    'pt-BR': `O corpo JSON tem itens demais: no máximo ${count(JSON_BODY_LIMITS.maxItems, 'pt-BR')} valores.`,
  },
  BodyNotAllowed: {
    status: 400,
    en: 'This endpoint takes no request body. Send the request without one.',
    'pt-BR': 'Este endpoint não recebe corpo na requisição. Envie a requisição sem corpo.',
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
  // Issue 23: the login asks for an e-mail, so the message names the e-mail (the spec's "username" text).
  NotAuthorized: {
    status: 401,
    en: 'Incorrect e-mail or password.',
    'pt-BR': 'E-mail ou senha incorretos.',
  },
  PasswordAttemptsExceeded: {
    status: 429,
    en: 'Password attempts exceeded',
    'pt-BR': 'Número de tentativas de senha excedido',
  },
  UserNotConfirmed: {
    status: 403,
    en: 'This e-mail is not confirmed yet.',
    'pt-BR': 'Este e-mail ainda não foi confirmado.',
  },
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
  // Issue 23: password messages in plain words (the spec's "did not conform with policy" texts).
  InvalidPassword: {
    status: 400,
    en: `The password must have at least ${PASSWORD_MIN_LENGTH} characters.`,
    'pt-BR': `A senha precisa ter pelo menos ${PASSWORD_MIN_LENGTH} caracteres.`,
  },
  PasswordTooCommon: {
    status: 400,
    en: 'This password is too common and easy to guess. Choose another one.',
    'pt-BR': 'Esta senha é comum demais e fácil de adivinhar. Escolha outra.',
  },
  // A reset refuses the current password, as a change does (spec §5, issue 23).
  PasswordUnchanged: {
    status: 400,
    en: 'New password must be different from the current password.',
    'pt-BR': 'A nova senha deve ser diferente da senha atual.',
  },
  SmsMfaNotConfigured: {
    status: 400,
    en: 'User does not have delivery config set to turn on SMS_MFA',
    'pt-BR': 'O usuário não tem um telefone verificado para ativar o MFA por SMS',
  },
  // Sensitive changes need the session to have proven its user recently (issue 22, decision 026).
  ReauthenticationRequired: {
    status: 403,
    en: 'For your security, confirm it is you: enter your password or a verification code again to make this change.',
    'pt-BR':
      'Por segurança, confirme que é você: informe sua senha ou um código de verificação novamente para fazer esta alteração.',
  },
  ReauthenticationFailed: {
    status: 400,
    en: 'The password or code is incorrect or has expired.',
    'pt-BR': 'A senha ou o código está incorreto ou expirou.',
  },
  // Second factors (issue 25): authenticator apps, recovery codes and organizations that require them.
  TotpAlreadyEnabled: {
    status: 409,
    en: 'An authenticator app is already set up. Remove it before adding another one.',
    'pt-BR': 'Já há um aplicativo autenticador configurado. Remova-o antes de adicionar outro.',
  },
  TotpNotEnrolled: {
    status: 409,
    en: 'There is no authenticator app being set up, or the setup ended after too many wrong codes. Start again to get a new QR code.',
    'pt-BR':
      'Não há aplicativo autenticador em configuração, ou a configuração terminou após códigos errados demais. Comece de novo para obter um novo QR code.',
  },
  SecondFactorUnavailable: {
    status: 400,
    en: 'This verification method is not set up for your account. Choose another one.',
    'pt-BR': 'Este método de verificação não está configurado na sua conta. Escolha outro.',
  },
  StrongFactorRequired: {
    status: 409,
    en: 'Recovery codes need an authenticator app or a passkey. Add one first.',
    'pt-BR':
      'Os códigos de recuperação precisam de um aplicativo autenticador ou de uma passkey. Adicione um antes.',
  },
  LastFactorNeedsPassword: {
    status: 400,
    en: 'This is your last authenticator app or passkey: enter your password to remove it.',
    'pt-BR': 'Este é seu último aplicativo autenticador ou passkey: informe sua senha para removê-lo.',
  },
  TwoFactorRequiredByOrganization: {
    status: 409,
    en: 'An organization you belong to requires two-step verification, so you must keep an authenticator app or a passkey. Add another one first, or leave the organization.',
    'pt-BR':
      'Uma organização da qual você participa exige verificação em duas etapas, então você precisa manter um aplicativo autenticador ou uma passkey. Adicione outro antes, ou saia da organização.',
  },
  TwoFactorNotEnabled: {
    status: 409,
    en: 'Set up an authenticator app or a passkey for yourself before requiring two-step verification of the members.',
    'pt-BR':
      'Configure um aplicativo autenticador ou uma passkey para você antes de exigir verificação em duas etapas dos membros.',
  },
  TwoFactorEnrolmentRequired: {
    status: 403,
    en: 'This organization requires two-step verification. Add an authenticator app or a passkey in My account › Security to continue.',
    'pt-BR':
      'Esta organização exige verificação em duas etapas. Adicione um aplicativo autenticador ou uma passkey em Minha conta › Segurança para continuar.',
  },
  // Passkeys (issue 25): a WebAuthn answer the server cannot accept changes nothing.
  PasskeyVerificationFailed: {
    status: 400,
    en: 'The passkey could not be verified: it belongs to another site or account, or its answer was altered. Try again with a passkey of this account.',
    'pt-BR':
      'Não foi possível verificar a passkey: ela é de outro site ou de outra conta, ou a resposta foi alterada. Tente de novo com uma passkey desta conta.',
  },
  PasskeyCeremonyInvalid: {
    status: 400,
    en: 'This passkey request expired or was already used. Try again.',
    'pt-BR': 'Esta solicitação de passkey expirou ou já foi usada. Tente de novo.',
  },
  PasskeyAlreadyRegistered: {
    status: 409,
    en: 'This passkey is already registered.',
    'pt-BR': 'Esta passkey já está cadastrada.',
  },
  PasskeyNotFound: { status: 404, en: 'Passkey not found.', 'pt-BR': 'Passkey não encontrada.' },
  PasskeyLimitReached: {
    status: 409,
    en: `You can keep up to ${MAX_PASSKEYS_PER_USER} passkeys. Remove one you no longer use to add another.`,
    'pt-BR': `Você pode manter até ${MAX_PASSKEYS_PER_USER} passkeys. Remova uma que não usa mais para adicionar outra.`,
  },
  EmailChangeUndoInvalid: {
    status: 400,
    en: 'This link is invalid, has expired or was already used.',
    'pt-BR': 'Este link é inválido, expirou ou já foi usado.',
  },
  RefreshTokenInvalid: { status: 401, en: 'Invalid Refresh Token', 'pt-BR': 'Token de atualização inválido' },
  DestinationRejected: {
    status: 400,
    en: 'This address cannot receive our messages. Check it and try again.',
    'pt-BR': 'Este endereço não pode receber nossas mensagens. Confira e tente novamente.',
  },
  // Issue 22 (SMS pumping): too many codes from one account, one address, or to one phone prefix or domain.
  CodeDeliveryLimitExceeded: {
    status: 429,
    en: 'Too many verification codes were sent in the last hour. Please wait and try again later.',
    'pt-BR':
      'Muitos códigos de verificação foram enviados na última hora. Aguarde e tente novamente mais tarde.',
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
  OAuthBrowserMismatch: {
    status: 403,
    en: 'This sign-in link was started in another browser, so it was not used. To sign in here, choose your sign-in provider again on this page.',
    'pt-BR':
      'Este link de login foi iniciado em outro navegador, por isso não foi usado. Para entrar aqui, escolha novamente o provedor de login nesta página.',
  },
  // API keys, projects and usage (issue 5).
  ApiKeyNotFound: { status: 404, en: 'API token not found.', 'pt-BR': 'Token de API não encontrado.' },
  ProjectNotFound: { status: 404, en: 'Project not found.', 'pt-BR': 'Projeto não encontrado.' },
  KeyLimitReached: {
    status: 403,
    en: 'Your plan does not allow more API tokens. Delete a token or upgrade your plan.',
    'pt-BR': 'Seu plano não permite mais tokens de API. Exclua um token ou mude de plano.',
  },
  ProjectLimitReached: {
    status: 403,
    en: 'Your plan does not allow more projects. Delete a project or upgrade your plan.',
    'pt-BR': 'Seu plano não permite mais projetos. Exclua um projeto ou mude de plano.',
  },
  ProjectHasKeys: {
    status: 409,
    en: 'This project still has API tokens. Delete or move them first.',
    'pt-BR': 'Este projeto ainda tem tokens de API. Exclua-os ou mova-os antes.',
  },
  KeyKindImmutable: {
    status: 400,
    en: 'The kind of a token cannot change, since its secret tells the kind. Create a new token instead.',
    'pt-BR': 'O tipo de um token não pode mudar, pois o segredo indica o tipo. Crie um novo token.',
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
  CurrencyFixed: {
    status: 409,
    en: 'Your currency is fixed by your first purchase and cannot change.',
    'pt-BR': 'Sua moeda foi definida na primeira compra e não pode mudar.',
  },
  // Issue 27: the boleto, the Pix and the NFS-e name the organization's CPF or CNPJ.
  BillingDetailsRequired: {
    status: 409,
    en: 'Paying in reais needs your billing details with a CPF or CNPJ. Fill them in on the Billing tab first.',
    'pt-BR': 'Para pagar em reais, preencha antes os dados de cobrança com CPF ou CNPJ na aba Faturamento.',
  },
  BoletoNeedsBrl: {
    status: 400,
    en: 'Boleto is available for payments in reais (BRL) only.',
    'pt-BR': 'O boleto só está disponível para pagamentos em reais (BRL).',
  },
  // Pix (issue 27): a code valid for 30 minutes, for payments in reais.
  PixNeedsBrl: {
    status: 400,
    en: 'Pix is available for payments in reais (BRL) only.',
    'pt-BR': 'O Pix só está disponível para pagamentos em reais (BRL).',
  },
  PixYearlyOnly: {
    status: 400,
    en: 'Pix at checkout is for yearly plans: a monthly plan renews every month by card or boleto.',
    'pt-BR':
      'O Pix no checkout é para planos anuais: um plano mensal renova todo mês no cartão ou por boleto.',
  },
  PixNotFound: {
    status: 404,
    en: 'There is no Pix code to pay. Generate one first.',
    'pt-BR': 'Não há código Pix para pagar. Gere um antes.',
  },
  PixExpired: {
    status: 409,
    en: 'This Pix code has expired and can no longer be paid. Generate a new one.',
    'pt-BR': 'Este código Pix expirou e não pode mais ser pago. Gere um novo.',
  },
  InvoiceNotOpen: {
    status: 409,
    en: 'This invoice is not open for payment.',
    'pt-BR': 'Esta fatura não está aberta para pagamento.',
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
  // The NFS-e of paid invoices in reais (issue 27).
  InvoiceNotRefundable: {
    status: 409,
    en: 'Only a paid invoice can be refunded.',
    'pt-BR': 'Só uma fatura paga pode ser estornada.',
  },
  NfseNotFound: {
    status: 404,
    en: 'This invoice has no service invoice (NFS-e) to download yet.',
    'pt-BR': 'Esta fatura ainda não tem nota fiscal de serviço (NFS-e) para baixar.',
  },
  PaymentsUnavailable: {
    status: 503,
    en: 'Payments are unavailable right now. Please try again in a few minutes.',
    'pt-BR': 'Os pagamentos estão indisponíveis no momento. Tente novamente em alguns minutos.',
  },
  // Organizations, members and invitations (issue 24).
  OrganizationNotFound: {
    status: 404,
    en: 'Organization not found.',
    'pt-BR': 'Organização não encontrada.',
  },
  PermissionDenied: {
    status: 403,
    en: 'Your role in this organization does not allow this. Ask an Owner or an Admin.',
    'pt-BR': 'Seu papel nesta organização não permite isto. Peça a um Proprietário ou Administrador.',
  },
  RoleNotAssignable: {
    status: 403,
    en: 'Only an Owner can give, change or remove the Owner role.',
    'pt-BR': 'Só um Proprietário pode dar, mudar ou retirar o papel de Proprietário.',
  },
  LastOwner: {
    status: 409,
    en: 'An organization keeps at least one Owner. Make another member an Owner first.',
    'pt-BR': 'Uma organização mantém ao menos um Proprietário. Torne outro membro Proprietário antes.',
  },
  MemberNotFound: { status: 404, en: 'Member not found.', 'pt-BR': 'Membro não encontrado.' },
  AlreadyMember: {
    status: 409,
    en: 'This address already belongs to a member or has a pending invitation.',
    'pt-BR': 'Este endereço já é de um membro ou tem um convite pendente.',
  },
  SeatLimitReached: {
    status: 403,
    en: 'Your plan has no free seat (pending invitations count). Remove a member or revoke an invitation, or upgrade your plan.',
    'pt-BR':
      'Seu plano não tem assento livre (convites pendentes contam). Remova um membro ou revogue um convite, ou mude de plano.',
  },
  InvitationNotFound: { status: 404, en: 'Invitation not found.', 'pt-BR': 'Convite não encontrado.' },
  InvitationInvalid: {
    status: 410,
    en: 'This invitation link expired, was revoked or was already used. Ask for a new invitation.',
    'pt-BR': 'Este link de convite expirou, foi revogado ou já foi usado. Peça um novo convite.',
  },
  InvitationForAnotherEmail: {
    status: 403,
    en: 'This invitation was sent to another address. Sign out and sign in (or sign up) with the invited address.',
    'pt-BR':
      'Este convite foi enviado para outro endereço. Saia e entre (ou crie uma conta) com o endereço convidado.',
  },
  OrganizationLimitReached: {
    status: 403,
    en: 'You already own as many Free organizations as allowed. Upgrade one of them, or delete one you no longer use.',
    'pt-BR':
      'Você já é proprietário do número máximo de organizações no Free. Mude uma delas de plano, ou exclua uma que não usa mais.',
  },
  OrganizationHasSubscription: {
    status: 409,
    en: 'This organization has a paid subscription. Cancel it and wait for the period to end before deleting the organization.',
    'pt-BR':
      'Esta organização tem uma assinatura paga. Cancele-a e espere o fim do período antes de excluir a organização.',
  },
  WebhookSignatureInvalid: {
    status: 400,
    en: 'Webhook signature verification failed.',
    'pt-BR': 'A verificação da assinatura do webhook falhou.',
  },
  // The activity views and the staff console's trails (issue 26).
  ActivityCursorInvalid: {
    status: 400,
    en: 'This page link of the activity list is not valid. Go back to the first page and try again.',
    'pt-BR':
      'Este link de página da lista de atividades não é válido. Volte à primeira página e tente de novo.',
  },
  // The customer's LGPD rights (issue 26).
  AccountClosureBlocked: {
    status: 409,
    en: 'You are the only Owner of an organization that has other members or a paid subscription. Make another member an Owner, or cancel the subscription and wait for its period to end, then close your account.',
    'pt-BR':
      'Você é o único Proprietário de uma organização que tem outros membros ou uma assinatura paga. Torne outro membro Proprietário, ou cancele a assinatura e espere o fim do período, e então encerre sua conta.',
  },
  ClosureUsesAuthenticator: {
    status: 400,
    en: 'Your account has an authenticator app: use its current code instead of an e-mailed one.',
    'pt-BR':
      'Sua conta tem um aplicativo autenticador: use o código atual dele em vez de um enviado por e-mail.',
  },
  // The staff console and staff actions (issue 26).
  StaffOnly: {
    status: 403,
    en: 'This area is for Cotacep staff only.',
    'pt-BR': 'Esta área é restrita à equipe da Cotacep.',
  },
  StaffFactorRequired: {
    status: 403,
    en: 'Staff accounts need an authenticator app or a passkey. Add one in Account Settings → Security, then sign in again.',
    'pt-BR':
      'Contas da equipe precisam de um aplicativo autenticador ou de uma passkey. Adicione um em Configurações da conta → Segurança e entre de novo.',
  },
  StaffActionDenied: {
    status: 403,
    en: 'Your staff role (support) can look but not act. Ask a staff member to do this.',
    'pt-BR':
      'Seu papel na equipe (suporte) permite consultar, não agir. Peça a um membro da equipe que faça isto.',
  },
  StaffPlanConflict: {
    status: 409,
    en: 'This organization has a live paid subscription, which decides its plan. Cancel the subscription (or let the customer change it) before setting the plan by hand.',
    'pt-BR':
      'Esta organização tem uma assinatura paga ativa, que decide o plano. Cancele a assinatura (ou deixe o cliente mudá-la) antes de definir o plano manualmente.',
  },
  StaffEmailAlreadyConfirmed: {
    status: 409,
    en: 'This person already confirmed their e-mail address; there is nothing to resend.',
    'pt-BR': 'Esta pessoa já confirmou o endereço de e-mail; não há o que reenviar.',
  },
  // The console's NFS-e retry (issue 27).
  StaffNfseNotFound: {
    status: 404,
    en: 'This invoice has no service invoice (NFS-e).',
    'pt-BR': 'Esta fatura não tem nota fiscal de serviço (NFS-e).',
  },
  StaffNfseNotRetryable: {
    status: 409,
    en: 'Only a rejected NFS-e, or one still waiting for the issuer, can be retried; this one is already issued or cancelled.',
    'pt-BR':
      'Só uma NFS-e recusada, ou que ainda espera o emissor, pode ser tentada de novo; esta já foi emitida ou cancelada.',
  },
  UserNotFound: { status: 404, en: 'Person not found.', 'pt-BR': 'Pessoa não encontrada.' },
  ViewAsNotFound: {
    status: 404,
    en: 'This "view as customer" session was not found.',
    'pt-BR': 'Esta sessão de "ver como cliente" não foi encontrada.',
  },
  ViewAsReadOnly: {
    status: 403,
    en: 'You are viewing as the customer: this view is read-only, nothing can be changed.',
    'pt-BR': 'Você está vendo como o cliente: esta visualização é somente leitura, nada pode ser alterado.',
  },
  OrganizationSuspended: {
    status: 403,
    en: 'This organization is suspended. Contact Cotacep support.',
    'pt-BR': 'Esta organização está suspensa. Fale com o suporte da Cotacep.',
  },
  OrganizationKeysStopped: {
    status: 403,
    en: 'The API tokens of this organization are stopped because its account is being closed. Signing in again cancels the closure.',
    'pt-BR':
      'Os tokens de API desta organização estão parados porque a conta está sendo encerrada. Entrar de novo cancela o encerramento.',
  },
} as const satisfies Record<string, { status: number } & Record<Language, string>>;

export type ErrorCode = keyof typeof ERRORS;

/**
 * Limits that know when they lift say how long to wait (issue 23): with the answer's `retryAfter`, these
 * codes' messages become this text plus "Try again in N minutes." instead of "try again later".
 */
const WAIT_MESSAGES: Partial<Record<ErrorCode, Record<Language, string>>> = {
  TooManyRequests: { en: 'Too many attempts.', 'pt-BR': 'Muitas tentativas.' },
  CodeDeliveryLimitExceeded: {
    en: 'Too many verification codes were sent in the last hour.',
    'pt-BR': 'Muitos códigos de verificação foram enviados na última hora.',
  },
};

/** "Try again in 3 minutes." from a wait in seconds, rounded up to whole minutes. */
export function waitSentence(seconds: number, language: Language): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  if (language === 'en') return `Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
  return `Tente novamente em ${minutes} minuto${minutes === 1 ? '' : 's'}.`;
}

/** A code's message, with the wait when the code tells it and the answer knows it. */
export function errorMessageWithWait(code: ErrorCode, language: Language, retryAfter: unknown): string {
  const lead = WAIT_MESSAGES[code]?.[language];
  if (!lead || typeof retryAfter !== 'number' || !(retryAfter > 0)) return ERRORS[code][language];
  return `${lead} ${waitSentence(retryAfter, language)}`;
}

export type ValidationIssue = { message: string; path: (string | number)[] };

export type ErrorBody =
  | { code: 'ZodError'; message: ValidationIssue[]; requestId?: string }
  | { code: string; message: string; requestId?: string; [extra: string]: unknown };
