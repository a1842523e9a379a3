/**
 * The Portuguese of every summary, description and title the OpenAPI documents carry in English (the route
 * schemas', the gateway's and the portal document's own), keyed by the English text (decision 032). A text
 * missing here stays English in the pt-BR document; `openapi-language.test.ts` fails on it, so a new route
 * brings its translation along.
 */
export const PT_BR_TEXTS: Record<string, string> = {
  // Quotes
  'Highest bid of the day': 'Maior compra do dia',
  'Lowest bid of the day': 'Menor compra do dia',
  'Bid minus the previous close': 'Compra menos o fechamento anterior',
  'Change from the previous close, in percent': 'Variação desde o fechamento anterior, em porcentagem',
  Bid: 'Compra',
  'Ask (the source’s own, or the bid plus the configured spread)':
    'Venda (a da fonte, ou a compra mais o spread configurado)',
  'As-of time, Unix seconds': 'Horário de referência, em segundos Unix',
  'Base currency': 'Moeda base',
  'Quoted currency': 'Moeda cotada',
  'Pair name in Portuguese': 'Nome do par em português',
  'As-of time, YYYY-MM-DD HH:MM:SS in America/Sao_Paulo':
    'Horário de referência, AAAA-MM-DD HH:MM:SS em America/Sao_Paulo',
  'Latest quote of each pair (alias of /json/last)': 'Última cotação de cada par (atalho de /json/last)',
  'Comma-separated pairs CODE-CODE (any case), at most 30; any two supported codes (cross rates), the tourism pairs (USD-BRLT, EUR-BRLT: the commercial rate with the configured tourism spread on the ask) or USD-BRLPTAX and EUR-BRLPTAX':
    'Pares CÓDIGO-CÓDIGO separados por vírgula (maiúsculas ou minúsculas), no máximo 30; quaisquer dois códigos suportados (taxas cruzadas), os pares de turismo (USD-BRLT, EUR-BRLT: a taxa comercial com o spread de turismo configurado na venda) ou USD-BRLPTAX e EUR-BRLPTAX',
  'One entry per pair, keyed CODECODEIN': 'Uma entrada por par, indexada por CODECODEIN',
  'Malformed pair list (more than 30 pairs, bad codes), day count, date, period or path':
    'Lista de pares malformada (mais de 30 pares, códigos inválidos), número de dias, data, período ou caminho inválido',
  'A currency or pair that is not served (CoinNotExists), or no such endpoint (NotFound)':
    'Moeda ou par que não é servido (CoinNotExists), ou endpoint inexistente (NotFound)',
  'Latest quotes of the classic list against the real, keyed by code (AwesomeAPI’s /json/all)':
    'Últimas cotações da lista clássica contra o real, por código (o /json/all da AwesomeAPI)',
  'One entry per pair, keyed by the base code (`USDT` for USD-BRLT, the tourism dollar), as AwesomeAPI’s /json/all':
    'Uma entrada por par, indexada pelo código base (`USDT` para USD-BRLT, o dólar turismo), como o /json/all da AwesomeAPI',
  'Latest quote of each pair, keyed by code (AwesomeAPI’s /json/all/:pairs)':
    'Última cotação de cada par, por código (o /json/all/:pairs da AwesomeAPI)',
  'Latest quote of each pair (JSON)': 'Última cotação de cada par (JSON)',
  'Daily closes of a pair, newest first (JSON)': 'Fechamentos diários de um par, do mais recente (JSON)',
  'First day, YYYYMMDD (empty: none)': 'Primeiro dia, AAAAMMDD (vazio: nenhum)',
  'Last day, YYYYMMDD (empty: none)': 'Último dia, AAAAMMDD (vazio: nenhum)',
  'One pair, CODE-CODE (any case)': 'Um par, CÓDIGO-CÓDIGO (maiúsculas ou minúsculas)',
  'Number of days, 1 to 365': 'Número de dias, de 1 a 365',
  'Newest first; the first item complete, the rest in the short form':
    'Do mais recente; o primeiro item completo, os demais na forma curta',
  'Daily closes of a pair in a period (JSON)': 'Fechamentos diários de um par em um período (JSON)',
  'Listed pairs and their names (JSON)': 'Pares disponíveis e seus nomes (JSON)',
  'Currency codes and their names (JSON)': 'Códigos de moeda e seus nomes (JSON)',
  'Latest quote of each pair (XML)': 'Última cotação de cada par (XML)',
  'The same data as XML: `<xml><USDBRL><code>USD</code>…</USDBRL></xml>`':
    'Os mesmos dados em XML: `<xml><USDBRL><code>USD</code>…</USDBRL></xml>`',
  'Malformed pair list (more than 30 pairs, bad codes), day count, date, period or path, in XML: the same fields as the JSON body':
    'Lista de pares malformada (mais de 30 pares, códigos inválidos), número de dias, data, período ou caminho inválido, em XML: os mesmos campos do corpo JSON',
  'A currency or pair that is not served (CoinNotExists), or no such endpoint (NotFound), in XML: the same fields as the JSON body':
    'Moeda ou par que não é servido (CoinNotExists), ou endpoint inexistente (NotFound), em XML: os mesmos campos do corpo JSON',
  'Daily closes of a pair, newest first (XML)': 'Fechamentos diários de um par, do mais recente (XML)',
  'Daily closes of a pair in a period (XML)': 'Fechamentos diários de um par em um período (XML)',
  'Listed pairs and their names (XML)': 'Pares disponíveis e seus nomes (XML)',
  'Currency codes and their names (XML)': 'Códigos de moeda e seus nomes (XML)',

  // Status
  'outage when an API cannot answer; degraded when none is down but one answers from stale data; ok otherwise':
    'outage quando uma API não consegue responder; degraded quando nenhuma está fora mas uma responde com dados desatualizados; ok nos demais casos',
  'operational: it answers from current data. stale: it answers, from data older than its sources’ freshness targets (dataAsOf says how old). outage: it cannot answer: it has no data at all (quotes) or every provider’s last lookup failed (CEP).':
    'operational: responde com dados atuais. stale: responde, com dados mais antigos que as metas de atualização das fontes (dataAsOf diz de quando). outage: não consegue responder: não tem dado algum (cotações) ou a última consulta de todos os provedores falhou (CEP).',
  'While stale: the as-of time of the oldest data it still answers from. Otherwise null.':
    'Enquanto stale: o horário de referência dos dados mais antigos com que ainda responde. Senão, null.',
  'Each API this server runs (none on a portal-only one)':
    'Cada API que este servidor roda (nenhuma num servidor só do portal)',
  'The source’s stable identifier': 'O identificador estável da fonte',
  'Scheduled sources: operational while their data is within cadenceMs, stale when older, outage with no data at all. On-demand sources (onDemand): outage while their last answer was a failure, operational otherwise':
    'Fontes agendadas: operational enquanto seus dados estão dentro de cadenceMs, stale quando mais antigos, outage sem dado algum. Fontes sob demanda (onDemand): outage enquanto a última resposta foi uma falha, operational nos demais casos',
  'How often the source is expected to deliver fresh data':
    'Com que frequência se espera que a fonte entregue dados novos',
  'Quotes sources: the as-of time of the newest data the source has delivered. CEP providers: the last answer.':
    'Fontes de cotações: o horário de referência dos dados mais novos que a fonte entregou. Provedores de CEP: a última resposta.',
  'Milliseconds since lastSuccessAt': 'Milissegundos desde lastSuccessAt',
  'Scheduled sources: no success yet, or older than cadenceMs. On-demand sources (onDemand): the last answer was a failure':
    'Fontes agendadas: nenhum sucesso ainda, ou mais antigo que cadenceMs. Fontes sob demanda (onDemand): a última resposta foi uma falha',
  'Asked only when a request needs it (CEP providers)':
    'Consultada só quando uma requisição precisa dela (provedores de CEP)',
  'A last resort (the bundled dataset): it answers for live sources that have no data of their own':
    'Último recurso (o conjunto de dados embutido): responde pelas fontes ao vivo que não têm dados próprios',
  'Whether each API answers, and how current its data is':
    'Se cada API responde, e quão atuais são seus dados',
  'Each API is operational (current data), stale (it answers, from older data: `dataAsOf` says from when) or in outage (it cannot answer). The overall `status` is `outage` only when an API is in outage, `degraded` when one answers from stale data.':
    'Cada API está operational (dados atuais), stale (responde, com dados mais antigos: `dataAsOf` diz de quando) ou em outage (não consegue responder). O `status` geral é `outage` só quando uma API está em outage, `degraded` quando uma responde com dados desatualizados.',

  // The gateway (gateway/openapi-access.ts)
  'Your API token (`ck_pub_…` or `ck_priv_…`), created in the portal under Account → Tokens.':
    'Seu token de API (`ck_pub_…` ou `ck_priv_…`), criado no portal em Conta → Tokens.',
  'The same token in the `token` parameter; the `x-api-key` header wins when both are sent.':
    'O mesmo token no parâmetro `token`; o cabeçalho `x-api-key` vale quando os dois são enviados.',
  'Requests per month in the plan (calls with a token).':
    'Requisições por mês no plano (chamadas com token).',
  'Requests left this month (calls with a token).': 'Requisições que restam neste mês (chamadas com token).',
  'When the quota renews: 00:00 UTC on the 1st (calls with a token).':
    'Quando a cota renova: 00:00 UTC do dia 1º (chamadas com token).',
  'Missing token (when calls without a token are off), unknown token, or a rotated token past its grace period':
    'Token ausente (quando chamadas sem token estão desligadas), token desconhecido, ou token renovado após o período de carência',
  'Only with `quota_exceeded`: when the quota renews.': 'Só com `quota_exceeded`: quando a cota renova.',
  "Per-minute rate limit or the plan's monthly quota exceeded":
    'Limite por minuto ou cota mensal do plano excedidos',
  'Seconds until the call may be retried.': 'Segundos até a chamada poder ser repetida.',
  'Requests allowed per minute.': 'Requisições permitidas por minuto.',
  'Requests left in this one-minute window.': 'Requisições que restam nesta janela de um minuto.',
  'Seconds until the one-minute window starts over.': 'Segundos até a janela de um minuto recomeçar.',
  'The gateway could not check the token; try again':
    'O gateway não conseguiu verificar o token; tente novamente',
  'The same fields as the JSON body, in XML: `<xml><status>401</status><code>invalid_token</code><message>…</message></xml>`':
    'Os mesmos campos do corpo JSON, em XML: `<xml><status>401</status><code>invalid_token</code><message>…</message></xml>`',

  // CEP
  'The CEP, 8 digits': 'O CEP, 8 dígitos',
  'First word of the logradouro (Rua, Avenida, Praça…); empty when the logradouro is one word or unknown':
    'Primeira palavra do logradouro (Rua, Avenida, Praça…); vazio quando o logradouro tem uma palavra ou é desconhecido',
  'The logradouro without its first word': 'O logradouro sem a primeira palavra',
  'The logradouro as published': 'O logradouro como publicado',
  'UF, two letters': 'UF, duas letras',
  Bairro: 'Bairro',
  "Latitude of the address, or of the city's centre when only the city is known":
    'Latitude do endereço, ou do centro da cidade quando só a cidade é conhecida',
  "Longitude of the address, or of the city's centre when only the city is known":
    'Longitude do endereço, ou do centro da cidade quando só a cidade é conhecida',
  Municipality: 'Município',
  '7-digit IBGE code of the municipality': 'Código IBGE do município, com 7 dígitos',
  'Telephone area code of the municipality': 'DDD do município',
  'Address of a CEP (JSON)': 'Endereço de um CEP (JSON)',
  '8 digits; `NNNNN-NNN` is accepted too': '8 dígitos; `NNNNN-NNN` também é aceito',
  'A malformed CEP (`invalid`)': 'CEP malformado (`invalid`)',
  'No such CEP (`not_found`)': 'CEP inexistente (`not_found`)',
  'Every upstream and the database unavailable (`unavailable`), with Retry-After':
    'Todos os provedores e o banco de dados indisponíveis (`unavailable`), com Retry-After',
  'Every upstream and the database unavailable (`unavailable`), with Retry-After; or from the gateway: The gateway could not check the token; try again':
    'Todos os provedores e o banco de dados indisponíveis (`unavailable`), com Retry-After; ou, do gateway: o gateway não conseguiu verificar o token; tente novamente',
  'Address of a CEP (XML)': 'Endereço de um CEP (XML)',
  'The address as `<xml><cep>…</cep>…</xml>`, the same fields as the JSON answer':
    'O endereço como `<xml><cep>…</cep>…</xml>`, os mesmos campos da resposta JSON',
  'A malformed CEP (`invalid`), in XML: the same fields as the JSON body':
    'CEP malformado (`invalid`), em XML: os mesmos campos do corpo JSON',
  'No such CEP (`not_found`), in XML: the same fields as the JSON body':
    'CEP inexistente (`not_found`), em XML: os mesmos campos do corpo JSON',
  'Every upstream and the database unavailable (`unavailable`), with Retry-After, in XML: the same fields as the JSON body':
    'Todos os provedores e o banco de dados indisponíveis (`unavailable`), com Retry-After, em XML: os mesmos campos do corpo JSON',
  'Every upstream and the database unavailable (`unavailable`), with Retry-After, in XML: the same fields as the JSON body; or from the gateway: The gateway could not check the token; try again':
    'Todos os provedores e o banco de dados indisponíveis (`unavailable`), com Retry-After, em XML: os mesmos campos do corpo JSON; ou, do gateway: o gateway não conseguiu verificar o token; tente novamente',

  // The portal document (openapi-portal.ts)
  'The `accessToken` of `POST /auth/login` (or of the MFA step); renew it with `POST /auth/token/refresh`.':
    'O `accessToken` de `POST /auth/login` (ou da etapa de MFA); renove-o com `POST /auth/token/refresh`.',
  'The database (or the e-mail/SMS delivery a route needs) is unreachable; retry after `Retry-After`':
    'O banco de dados (ou o envio de e-mail/SMS de que a rota precisa) está inacessível; tente de novo após `Retry-After`',
  'Machine-readable error code': 'Código do erro, para programas',
  'Text in the language of `Accept-Language`; a list of field errors for `ZodError`':
    'Texto no idioma de `Accept-Language`; uma lista de erros por campo para `ZodError`',
  'The field, as keys and array positions': 'O campo, como nomes de propriedade e posições de lista',
  'Error: `{ code, message, requestId }`': 'Erro: `{ code, message, requestId }`',
  'Sign-up, confirmation, login with MFA, tokens, password reset, social sign-in':
    'Cadastro, confirmação, login com MFA, tokens de sessão, redefinição de senha, login social',
  'Profile, contact details, password, MFA and sessions of the signed-in user':
    'Perfil, contatos, senha, MFA e sessões do usuário conectado',
  'Organizations, their members and roles, and invitations':
    'Organizações, seus membros e papéis, e convites',
  'The organization this call acts on (its id); without it, your default organization.':
    'A organização sobre a qual esta chamada age (o id dela); sem ele, a sua organização padrão.',
  'The organization’s id': 'O id da organização',
  'API tokens of the quotes and CEP APIs': 'Tokens de API das APIs de cotações e de CEP',
  'Projects that group tokens': 'Projetos que agrupam tokens',
  'Consumption of the plan: per day, month, token and project':
    'Consumo do plano: por dia, mês, token e projeto',
  'Plan purchase, subscription management and invoices': 'Compra de plano, gestão da assinatura e faturas',
  'The plan catalogue': 'O catálogo de planos',
  'The contact and Enterprise forms': 'Os formulários de contato e Enterprise',
  'Health of the data sources behind both APIs': 'Saúde das fontes de dados das duas APIs',
  'Redirect to the provider’s consent page': 'Redireciona para a página de consentimento do provedor',
  'Redirect to the site: signed in, linked, or the reason it failed':
    'Redireciona para o site: conectado, vinculado, ou o motivo da falha',
  'The started checkout is given up (or there was none)':
    'A compra iniciada é abandonada (ou não havia nenhuma)',

  // Portal routes' summaries and descriptions
  'Set the XSRF-TOKEN cookie that browsers echo back':
    'Define o cookie XSRF-TOKEN que os navegadores devolvem',
  'Create an account (the same answer whether or not the e-mail has one)':
    'Cria uma conta (a mesma resposta quer o e-mail já tenha conta, quer não)',
  'Confirm the account with the e-mailed code': 'Confirma a conta com o código enviado por e-mail',
  'Confirm the account with the e-mailed code; in the browser that signed up, this also signs in (the token set, or the MFA challenge when the account has MFA on)':
    'Confirma a conta com o código enviado por e-mail; no navegador que fez o cadastro, também entra (os tokens de sessão, ou o desafio MFA quando a conta tem MFA ligado)',
  'Send the confirmation code again': 'Reenvia o código de confirmação',
  'Log in with e-mail and password': 'Entra com e-mail e senha',
  'Finish logging in with a second factor': 'Conclui o login com uma segunda etapa',
  '`method` says what `code` is: `totp` (the authenticator app), `recovery` (a recovery code), `email` or `sms` (the code sent); without it, the code sent. Passkeys answer through `/auth/passkey/*`. At most five wrong answers per challenge, whatever the method.':
    '`method` diz o que é `code`: `totp` (o aplicativo autenticador), `recovery` (um código de recuperação), `email` ou `sms` (o código enviado); sem ele, o código enviado. Passkeys respondem pelas rotas `/auth/passkey/*`. No máximo cinco respostas erradas por desafio, qualquer que seja o método.',
  'Send the e-mail or SMS code (again)': 'Envia (de novo) o código por e-mail ou SMS',
  'With `method`, the challenge switches to that channel, when the user has it.':
    'Com `method`, o desafio passa para esse canal, quando o usuário o tem.',
  'Renew the access token (the refresh token rotates)':
    'Renova o token de acesso (o refresh token é trocado)',
  'End the session of the access or refresh token': 'Encerra a sessão do token de acesso ou do refresh token',
  'Send a password reset code': 'Envia um código para redefinir a senha',
  'Set a new password with the reset code': 'Define uma nova senha com o código de redefinição',
  'Undo an e-mail change with the link sent to the replaced address':
    'Desfaz uma troca de e-mail com o link enviado ao endereço substituído',
  'Sign-in options: social providers and bot protection':
    'Opções de login: provedores sociais e proteção contra robôs',
  'Start social sign-in (redirects to the provider)': 'Inicia o login social (redireciona para o provedor)',
  "The provider's return (redirects to the site)": 'O retorno do provedor (redireciona para o site)',
  'Exchange a finished social sign-in for tokens': 'Troca um login social concluído por tokens de sessão',
  'Only in the browser that started the sign-in: the request must carry the flow’s cookie, set by `/auth/oauth/{provider}/start`. A code presented without it is refused with 403 `OAuthBrowserMismatch` and stays valid for its own browser.':
    'Só no navegador que iniciou o login: a requisição deve levar o cookie do fluxo, definido por `/auth/oauth/{provider}/start`. Um código apresentado sem ele é recusado com 403 `OAuthBrowserMismatch` e continua válido no próprio navegador.',
  'An ALTCHA proof-of-work challenge': 'Um desafio de prova de trabalho ALTCHA',
  "The signed-in user's profile": 'O perfil do usuário conectado',
  'Update the profile': 'Atualiza o perfil',
  'Change the e-mail (a code is sent to the new one)': 'Troca o e-mail (um código é enviado ao novo)',
  'Confirm the new e-mail with its code': 'Confirma o novo e-mail com o código dele',
  'Change the phone number (a code is sent by SMS)': 'Troca o telefone (um código é enviado por SMS)',
  'Confirm the new phone number with its code': 'Confirma o novo telefone com o código dele',
  'Change the password': 'Troca a senha',
  'Turn MFA on or off and choose its channel': 'Liga ou desliga o MFA e escolhe o canal',
  'List my second factors': 'Lista as minhas segundas etapas',
  'Start adding an authenticator app': 'Começa a adicionar um aplicativo autenticador',
  'Answers the key as an `otpauth://` URI (for the QR code) and in base32; the app is enabled by `POST /account/mfa/totp/verify` with its first code. Starting again replaces an unconfirmed key; refused (409 `TotpAlreadyEnabled`) while an app is enabled.':
    'Responde a chave como URI `otpauth://` (para o QR code) e em base32; o aplicativo é ativado por `POST /account/mfa/totp/verify` com o primeiro código. Começar de novo substitui uma chave não confirmada; recusado (409 `TotpAlreadyEnabled`) enquanto houver um aplicativo ativo.',
  'Enable the authenticator app with its first code': 'Ativa o aplicativo autenticador com o primeiro código',
  'When it is the first authenticator app or passkey, the answer carries the ten recovery codes, shown this once. Five wrong codes end the enrolment (409 `TotpNotEnrolled`).':
    'Quando é o primeiro aplicativo autenticador ou passkey, a resposta traz os dez códigos de recuperação, mostrados só desta vez. Cinco códigos errados encerram a configuração (409 `TotpNotEnrolled`).',
  'Remove the authenticator app': 'Remove o aplicativo autenticador',
  'Needs a current code from the app and, when it is the last authenticator app or passkey, the password (accounts without one: the recent re-authentication). Refused with 409 `TwoFactorRequiredByOrganization` (and the organizations) while an organization requires it.':
    'Precisa de um código atual do aplicativo e, quando é o último aplicativo autenticador ou passkey, da senha (contas sem senha: a reautenticação recente). Recusado com 409 `TwoFactorRequiredByOrganization` (e as organizações) enquanto uma organização o exigir.',
  'Make a new set of recovery codes': 'Gera um novo conjunto de códigos de recuperação',
  'Ten single-use codes, shown this once; the previous codes stop working.':
    'Dez códigos de uso único, mostrados só desta vez; os códigos anteriores deixam de valer.',
  'Confirm it is you (password or code) before a sensitive change':
    'Confirma que é você (senha ou código) antes de uma alteração sensível',
  'Send a code to confirm it is you (second factor, or e-mail without a password)':
    'Envia um código para confirmar que é você (segundo fator, ou e-mail quando não há senha)',
  'List the active sessions': 'Lista as sessões ativas',
  'End one session': 'Encerra uma sessão',
  // LGPD self-service (issue 26)
  'Ask for a copy of my personal data': 'Pede uma cópia dos meus dados pessoais',
  'Prepared off the request path; an e-mail links to it when it is ready, for 24 hours (`DATA_EXPORT_TTL_HOURS`). A request while one is being prepared answers that one.':
    'Preparada fora da requisição; um e-mail traz o link quando fica pronta, válido por 24 horas (`DATA_EXPORT_TTL_HOURS`). Um pedido enquanto outro está sendo preparado responde esse mesmo.',
  'The state of my latest data export': 'O estado da minha última exportação de dados',
  'Download a ready data export (JSON file)': 'Baixa uma exportação de dados pronta (arquivo JSON)',
  'Only its owner, while it is valid; 404 otherwise (someone else’s, not ready yet, or expired).':
    'Só o dono dela, enquanto vale; 404 nos demais casos (de outra pessoa, ainda não pronta, ou expirada).',
  'What closing my account takes, and what blocks it': 'O que encerrar minha conta exige, e o que impede',
  'E-mail a code to confirm closing my account':
    'Envia por e-mail um código para confirmar o encerramento da conta',
  'For accounts without an authenticator app (those use its code: 400 `ClosureUsesAuthenticator`).':
    'Para contas sem aplicativo autenticador (essas usam o código dele: 400 `ClosureUsesAuthenticator`).',
  'Close my account': 'Encerra minha conta',
  'Needs the password (when the account has one) and the current factor’s code: the authenticator app’s, else the one from `POST /account/close/code`. Refused with 409 `AccountClosureBlocked` (and `blockers`) while the user is the only Owner of an organization with other members or a paid subscription. Ends every session and stops the keys of the organizations that were only the user’s; the personal data is anonymised after `ACCOUNT_CLOSURE_GRACE_DAYS` (30) unless the user signs in before.':
    'Precisa da senha (quando a conta tem uma) e do código do fator atual: o do aplicativo autenticador, senão o de `POST /account/close/code`. Recusado com 409 `AccountClosureBlocked` (e `blockers`) enquanto o usuário for o único Proprietário de uma organização com outros membros ou uma assinatura paga. Encerra todas as sessões e para os tokens das organizações que eram só do usuário; os dados pessoais são anonimizados depois de `ACCOUNT_CLOSURE_GRACE_DAYS` (30) a menos que o usuário entre antes.',
  'Cancel my account closure': 'Cancela o encerramento da minha conta',
  'Signing in cancels it as well.': 'Entrar na conta também o cancela.',
  // Passkeys (issue 25)
  'List the passkeys': 'Lista as passkeys',
  'Start adding a passkey: the options for the browser':
    'Começa a adicionar uma passkey: as opções para o navegador',
  "Add a passkey with the browser's answer": 'Adiciona uma passkey com a resposta do navegador',
  'Rename a passkey': 'Renomeia uma passkey',
  'Remove a passkey (the last strong factor needs the password)':
    'Remove uma passkey (o último fator forte exige a senha)',
  "Start signing in with a passkey (alone, or as a login challenge's second step)":
    'Começa a entrar com uma passkey (sozinha, ou como segunda etapa de um desafio de login)',
  "Finish signing in with the passkey's answer": 'Conclui a entrada com a resposta da passkey',
  'Link a social sign-in provider': 'Vincula um provedor de login social',
  'Unlink a social sign-in provider': 'Desvincula um provedor de login social',
  'Send a contact or Enterprise message': 'Envia uma mensagem de contato ou do plano Enterprise',
  'List my organizations': 'Lista as minhas organizações',
  'Create an organization (on Free, with me as its Owner)':
    'Cria uma organização (no plano Free, comigo como Proprietário)',
  'Get an organization, with my role and its seats': 'Lê uma organização, com o meu papel e os assentos dela',
  'Rename an organization, or require two-factor of its members':
    'Renomeia uma organização, ou exige verificação em duas etapas dos membros',
  "`requireTwoFactor` needs `organization.security` (Owners; 403 `PermissionDenied` otherwise) and, to turn it on, an authenticator app or a passkey of the Owner's own (409 `TwoFactorNotEnabled`). Members without one are then refused with 403 `TwoFactorEnrolmentRequired` until they add one. Changing it needs a recent re-authentication (403 `ReauthenticationRequired`).":
    '`requireTwoFactor` precisa de `organization.security` (Proprietários; 403 `PermissionDenied` caso contrário) e, para ligar, de um aplicativo autenticador ou uma passkey do próprio Proprietário (409 `TwoFactorNotEnabled`). Membros sem um deles passam a ser recusados com 403 `TwoFactorEnrolmentRequired` até adicionarem um. Mudar a regra precisa de uma reautenticação recente (403 `ReauthenticationRequired`).',
  'Delete an organization and everything it owns': 'Exclui uma organização e tudo o que ela possui',
  'Needs a recent re-authentication (403 `ReauthenticationRequired`).':
    'Precisa de uma reautenticação recente (403 `ReauthenticationRequired`).',
  'List the members, with their role and last sign-in':
    'Lista os membros, com o papel e o último acesso de cada um',
  "Change a member's role": 'Muda o papel de um membro',
  'Only an Owner gives, changes or takes away the Owner role (403 `RoleNotAssignable`). Needs a recent re-authentication (403 `ReauthenticationRequired`).':
    'Só um Proprietário dá, muda ou retira o papel de Proprietário (403 `RoleNotAssignable`). Precisa de uma reautenticação recente (403 `ReauthenticationRequired`).',
  'Remove a member, or leave (my own id)': 'Remove um membro, ou sai da organização (com o meu próprio id)',
  'Any member may leave with their own id; removing someone else needs `members.manage` and a recent re-authentication (403 `ReauthenticationRequired`), and only an Owner removes an Owner (403 `RoleNotAssignable`). The last Owner can do neither (409 `LastOwner`).':
    'Qualquer membro pode sair com o próprio id; remover outra pessoa precisa de `members.manage` e de uma reautenticação recente (403 `ReauthenticationRequired`), e só um Proprietário remove um Proprietário (403 `RoleNotAssignable`). O último Proprietário não pode fazer nenhum dos dois (409 `LastOwner`).',
  'List the pending invitations': 'Lista os convites pendentes',
  'Invite someone by e-mail (a single-use link, valid 7 days)':
    'Convida alguém por e-mail (um link de uso único, válido por 7 dias)',
  'Revoke a pending invitation': 'Revoga um convite pendente',
  'Send an invitation again, with a new link': 'Reenvia um convite, com um novo link',
  'What an invitation link invites to (no sign-in needed)':
    'A que um link de convite convida (sem precisar entrar)',
  'Accept an invitation with the invited address': 'Aceita um convite com o endereço convidado',
  // The staff console (issue 26)
  'Cotacep staff only: customers, their usage and trail, and staff actions (each with a reason)':
    'Só para a equipe da Cotacep: clientes, o consumo e o histórico deles, e as ações da equipe (cada uma com um motivo)',
  'Staff: traffic of the last hour, sign-ups, paying organizations and revenue, data sources':
    'Equipe: tráfego da última hora, cadastros, organizações pagantes e receita, fontes de dados',
  'Staff: search customers (organizations) by name, e-mail, CPF/CNPJ, id or key prefix':
    'Equipe: busca clientes (organizações) por nome, e-mail, CPF/CNPJ, id ou prefixo de token',
  'Staff: a customer: members, plan and subscription, keys, invoices, sessions and quota':
    'Equipe: um cliente: membros, plano e assinatura, tokens, faturas, sessões e cota',
  'Staff: a customer’s consumption, as their own dashboard shows it':
    'Equipe: o consumo de um cliente, como o próprio painel dele mostra',
  'Staff: a customer’s audit trail, staff named':
    'Equipe: o histórico de auditoria de um cliente, com a equipe nomeada',
  'Staff: every staff action, newest first': 'Equipe: todas as ações da equipe, as mais recentes primeiro',
  'Staff: the staff members and their roles': 'Equipe: os membros da equipe e seus papéis',
  'Staff: pending account closures': 'Equipe: encerramentos de conta pendentes',
  'Staff: set a customer’s plan (Enterprise included) when no paid subscription decides it':
    'Equipe: define o plano de um cliente (Enterprise inclusive) quando nenhuma assinatura paga o decide',
  'Staff: grant a customer extra requests for the current period':
    'Equipe: concede a um cliente requisições extras no período atual',
  'Staff: suspend a customer: its keys and its portal stop at once, its members are signed out':
    'Equipe: suspende um cliente: os tokens e o portal dele param na hora, os membros saem da conta',
  'Staff: reactivate a suspended customer': 'Equipe: reativa um cliente suspenso',
  'Staff: disable a customer’s key': 'Equipe: desativa um token de um cliente',
  'Staff: send a person a new sign-up confirmation code':
    'Equipe: envia a uma pessoa um novo código de confirmação de cadastro',
  'Staff: end every session of a person': 'Equipe: encerra todas as sessões de uma pessoa',
  'Staff: view as the customer: a read-only token for a member, 30 minutes at most':
    'Equipe: ver como o cliente: um token somente leitura de um membro, por no máximo 30 minutos',
  'Staff: end a "view as customer" look': 'Equipe: encerra um "ver como cliente"',
  'Staff: a customer’s notas fiscais (NFS-e), newest first, with rejections and errors':
    'Equipe: as notas fiscais (NFS-e) de um cliente, as mais recentes primeiro, com recusas e erros',
  'Staff: notas fiscais (NFS-e) needing attention across customers: rejected, or failing to be issued or cancelled':
    'Equipe: notas fiscais (NFS-e) de todos os clientes que precisam de atenção: recusadas, ou com falha ao emitir ou cancelar',
  'Staff: try a rejected or failing nota fiscal (NFS-e) again now':
    'Equipe: tenta de novo, agora, uma nota fiscal (NFS-e) recusada ou com falha',
  'Disabled token, an origin or IP address the token does not allow, a suspended organization, or one whose account is being closed':
    'Token desativado, origem ou endereço IP que o token não permite, organização suspensa, ou cuja conta está sendo encerrada',
  // Activity (issue 26)
  'My recent activity: sign-ins, security changes and staff actions on my account':
    'A minha atividade recente: acessos, mudanças de segurança e ações da equipe na minha conta',
  'Newest first, paged with `cursor` (the previous page’s `nextCursor`). `format=csv` or `json` downloads every entry the filters select instead of a page.':
    'Os mais recentes primeiro, paginados com `cursor` (o `nextCursor` da página anterior). `format=csv` ou `json` baixa todos os registros que os filtros selecionam em vez de uma página.',
  'The organization’s activity (audit log), or its download':
    'A atividade da organização (registro de auditoria), ou o download dela',
  'Every change to the organization’s tokens, projects, members, invitations, settings and plan, with who made it. Newest first, paged with `cursor` (the previous page’s `nextCursor`). `format=csv` or `json` downloads every entry the filters select (at most 10,000, the newest) instead of a page.':
    'Cada mudança nos tokens, projetos, membros, convites, configurações e plano da organização, com quem a fez. Os mais recentes primeiro, paginados com `cursor` (o `nextCursor` da página anterior). `format=csv` ou `json` baixa todos os registros que os filtros selecionam (no máximo 10.000, os mais recentes) em vez de uma página.',
  'List the projects': 'Lista os projetos',
  'Create a project': 'Cria um projeto',
  'Get a project': 'Lê um projeto',
  'Rename or describe a project': 'Renomeia ou descreve um projeto',
  'Delete a project': 'Exclui um projeto',
  'List the API tokens': 'Lista os tokens de API',
  'Create an API token (its secret is shown only here)': 'Cria um token de API (o segredo só aparece aqui)',
  'Get an API token': 'Lê um token de API',
  'Update an API token': 'Atualiza um token de API',
  'Delete an API token': 'Exclui um token de API',
  "Rotate an API token's secret, with an optional grace period":
    'Renova o segredo de um token de API, com período de carência opcional',
  'Consumption of the current period: per day, month, token and project':
    'Consumo do período atual: por dia, mês, token e projeto',
  'The same consumption as CSV': 'O mesmo consumo em CSV',
  'The plan catalogue: prices, quotas and limits': 'O catálogo de planos: preços, cotas e limites',
  'Test mode: a checkout': 'Modo de teste: uma compra',
  'Test mode: pay a checkout with a test card or boleto':
    'Modo de teste: paga uma compra com cartão de teste ou boleto',
  'Test mode: cancel a checkout': 'Modo de teste: cancela uma compra',
  "Test mode: the bank's answer to a checkout's boleto":
    'Modo de teste: a resposta do banco ao boleto de uma compra',
  "Test mode: the bank's answer to a renewal's boleto":
    'Modo de teste: a resposta do banco ao boleto de uma renovação',
  'Test mode: change or cancel the subscription': 'Modo de teste: muda ou cancela a assinatura',
  "Test mode: the customer's billing clock": 'Modo de teste: o relógio de cobrança do cliente',
  "Test mode: move the customer's billing clock forward (no other account's)":
    'Modo de teste: adianta o relógio de cobrança do cliente (o de nenhuma outra conta)',
  'Billing summary: plan, period, next payment': 'Resumo da cobrança: plano, período, próximo pagamento',
  "Start buying a plan (answers the provider's checkout URL)":
    'Começa a compra de um plano (responde a URL de pagamento do provedor)',
  'Give up a started checkout': 'Abandona uma compra iniciada',
  "Manage the subscription (answers the provider's page URL)":
    'Gerencia a assinatura (responde a URL da página do provedor)',
  'List the invoices': 'Lista as faturas',
  'Get an invoice': 'Lê uma fatura',
  'Download an invoice as a PDF, in the request language': 'Baixa uma fatura em PDF, no idioma da requisição',
  'The billing details that invoices and notas fiscais name':
    'Os dados de cobrança que as faturas e as notas fiscais trazem',
  'The JSON `null` until an Owner or a Billing member saves them. A checkout in reais needs them with a CPF or CNPJ (409 `BillingDetailsRequired`).':
    'O JSON `null` até que um Proprietário ou um membro do Financeiro os salve. Uma compra em reais precisa deles com CPF ou CNPJ (409 `BillingDetailsRequired`).',
  'Save the billing details (the whole set)': 'Salva os dados de cobrança (o conjunto inteiro)',
  'The country comes first: in Brazil (`BR`, the default) the legal name, a CPF or CNPJ with valid check digits (the alphanumeric CNPJ included; stored without punctuation), the CEP, street, number, district, city, UF and optionally the IBGE code of the city, the state and municipal registrations; elsewhere the name, an optional tax id and the address. One to three distinct e-mails receive the invoices and notas. A nota the issuer rejected is tried again.':
    'O país vem primeiro: no Brasil (`BR`, o padrão) a razão social, um CPF ou CNPJ com dígitos verificadores válidos (o CNPJ alfanumérico incluído; guardado sem pontuação), o CEP, logradouro, número, bairro, cidade, UF e, se quiser, o código IBGE do município e as inscrições estadual e municipal; fora dele o nome, uma identificação fiscal opcional e o endereço. De um a três e-mails distintos recebem as faturas e as notas. Uma nota recusada pelo emissor é tentada de novo.',
  'Download the invoice’s NFS-e (its DANFSe) as a PDF': 'Baixa a NFS-e da fatura (o DANFSe) em PDF',
  'Download the invoice’s NFS-e as XML, in the national layout':
    'Baixa a NFS-e da fatura em XML, no leiaute nacional',
  'Members of the invoice’s organization only (billing.read); 404 `NfseNotFound` while the NFS-e is not issued, and for an invoice of another organization.':
    'Só para membros da organização da fatura (billing.read); 404 `NfseNotFound` enquanto a NFS-e não foi emitida, e para uma fatura de outra organização.',
  'Test mode: the bank reverses a paid invoice (it becomes void, its NFS-e is cancelled)':
    'Modo de teste: o banco estorna uma fatura paga (ela é anulada e sua NFS-e, cancelada)',
  // Pix in test mode (issue 27).
  "Test mode: the checkout's Pix code (the pending one, or a new one)":
    'Modo de teste: o código Pix da compra (o que está pendente, ou um novo)',
  'A BR Code (the EMV "Pix copia e cola" payload, also shown as a QR code), valid for 30 minutes of the organization\'s billing clock (`secondsLeft` counts them down); reais only (400 `PixNeedsBrl`). The checkout waits for it as for a boleto; expired, the checkout opens again.':
    'Um BR Code (o payload EMV do "Pix copia e cola", também mostrado como QR code), válido por 30 minutos do relógio de cobrança da organização (`secondsLeft` faz a contagem regressiva); só em reais (400 `PixNeedsBrl`). A compra espera por ele como por um boleto; expirado, a compra volta a ficar aberta.',
  "Test mode: the bank pays the checkout's Pix code": 'Modo de teste: o banco paga o código Pix da compra',
  'Paid once, however often the bank says so; an expired code cannot be paid (409 `PixExpired`).':
    'Pago uma vez, não importa quantas vezes o banco o diga; um código expirado não pode ser pago (409 `PixExpired`).',
  "Test mode: an invoice's newest Pix code and whether it was paid":
    'Modo de teste: o código Pix mais recente de uma fatura e se ele foi pago',
  'Test mode: a Pix code for an open invoice (the pending one, or a new one)':
    'Modo de teste: um código Pix para uma fatura em aberto (o que está pendente, ou um novo)',
  "A BR Code (the EMV \"Pix copia e cola\" payload, also shown as a QR code), valid for 30 minutes of the organization's billing clock (`secondsLeft` counts them down); reais only (400 `PixNeedsBrl`). A renewal's or an upgrade's invoice keeps its boleto meanwhile.":
    'Um BR Code (o payload EMV do "Pix copia e cola", também mostrado como QR code), válido por 30 minutos do relógio de cobrança da organização (`secondsLeft` faz a contagem regressiva); só em reais (400 `PixNeedsBrl`). A fatura de uma renovação ou de um upgrade mantém o seu boleto enquanto isso.',
  "Test mode: the bank pays an open invoice's Pix code":
    'Modo de teste: o banco paga o código Pix de uma fatura em aberto',
};
