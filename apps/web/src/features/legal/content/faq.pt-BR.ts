import type { FaqDocument } from './document.ts';

export const content: FaqDocument = {
  title: 'Perguntas frequentes',
  intro:
    'Respostas curtas sobre cotas, tokens, dados, cobrança e privacidade. Não achou o que procurava? [Fale conosco](/contact).',
  groups: [
    {
      id: 'cotas',
      heading: 'Cotas e o que conta',
      questions: [
        {
          question: 'Quais chamadas usam a minha cota mensal?',
          answer: [
            'Somente respostas de sucesso: status 2xx e 304 (não modificado). Erros, recusas por limite e chamadas com token inválido não são descontados.',
          ],
        },
        {
          question: 'Quando a cota é renovada?',
          answer: [
            'A cota vale por mês-calendário em UTC: ela recomeça à 00:00 UTC do dia 1º de cada mês (21:00 do último dia do mês anterior, no horário de Brasília).',
          ],
        },
        {
          question: 'Existe limite por minuto?',
          answer: [
            'Sim. Cada plano tem uma taxa máxima de requisições por minuto, além da cota mensal; os números de cada plano estão em [Preços](/pricing). Acima da taxa, a API responde 429 até o minuto seguinte.',
          ],
        },
        {
          question: 'Posso usar a API sem token?',
          answer: [
            'Sim, para testes: chamadas anônimas são limitadas por endereço IP, com um limite baixo por minuto, e podem receber respostas guardadas em cache por até um minuto. Para uso real, crie uma conta gratuita e use um token.',
          ],
        },
      ],
    },
    {
      id: 'chaves',
      heading: 'Tokens e restrições',
      questions: [
        {
          question: 'Como envio o meu token?',
          answer: [
            'No cabeçalho `x-api-key` (recomendado) ou no parâmetro de consulta `token=`. O cabeçalho evita que o token apareça em logs de servidores e no histórico do navegador.',
          ],
        },
        {
          question: 'Qual a diferença entre token público e token privado?',
          answer: [
            'Um token público pode ir para o navegador e só é aceito quando a chamada vem das origens (domínios) que você cadastrou. Um token privado fica no seu servidor e pode ser restrito a faixas de IP. Nunca publique um token privado.',
          ],
        },
        {
          question: 'O meu token vazou. O que faço?',
          answer: [
            'Desative ou exclua o token na aba Tokens da sua conta e crie outro. O token antigo deixa de funcionar em poucos segundos.',
          ],
        },
      ],
    },
    {
      id: 'dados',
      heading: 'Fontes de dados e atualização',
      questions: [
        {
          question: 'De onde vêm as cotações?',
          answer: [
            'De três fontes públicas: o conjunto fawazahmed0/exchange-api (licença CC0), as taxas de referência do Banco Central Europeu (BCE) e a PTAX do Banco Central do Brasil. Cada resposta informa a fonte e o horário de referência do dado.',
          ],
        },
        {
          question: 'Com que frequência os dados são atualizados?',
          answer: [
            'Consultamos as fontes periodicamente ao longo do dia. Cada fonte publica no seu próprio ritmo: a exchange-api uma vez por dia, o BCE uma vez por dia útil e a PTAX em janelas ao longo de cada dia útil. Fora do horário de publicação, o valor mais recente continua valendo.',
            'O endpoint `/api/status` mostra, para cada fonte, a última atualização, se o dado está em dia e o estado do circuito de proteção.',
          ],
        },
      ],
    },
    {
      id: 'cep',
      heading: 'Cobertura de CEP',
      questions: [
        {
          question: 'Quais CEPs a API encontra?',
          answer: [
            'Registros em nível de logradouro vindos de provedores públicos (ViaCEP, BrasilAPI e OpenCEP) e de dados de referência importados.',
          ],
        },
        {
          question: 'E quando os provedores estão fora do ar?',
          answer: [
            'Só nesse caso, a API pode responder com um registro em nível de município (cidade e UF, sem logradouro), indicado na resposta, para que a sua aplicação continue funcionando.',
          ],
        },
      ],
    },
    {
      id: 'cobranca',
      heading: 'Cobrança e cancelamento',
      questions: [
        {
          question: 'Como posso pagar?',
          answer: [
            'Com cartão de crédito ou, para cobranças em reais, com boleto. Os pagamentos são processados pela Stripe; não guardamos os dados do seu cartão.',
          ],
        },
        {
          question: 'Como funciona a troca de plano?',
          answer: [
            'Um upgrade vale na hora. Um downgrade ou um cancelamento passa a valer no fim do período já pago; até lá você continua com o plano atual.',
          ],
        },
        {
          question: 'E se um pagamento falhar?',
          answer: [
            'Você tem um período de carência de 7 dias para regularizar o pagamento. Depois disso, a conta volta ao plano Free.',
          ],
        },
        {
          question: 'Onde encontro as minhas faturas?',
          answer: [
            'Na aba Cobrança das configurações da conta, com o status e o comprovante de cada fatura.',
          ],
        },
      ],
    },
    {
      id: 'lgpd',
      heading: 'Privacidade e LGPD',
      questions: [
        {
          question: 'Quais dados vocês guardam?',
          answer: [
            'Os dados da conta (nome, e-mail, telefone opcional, idioma), os dados de segurança (senha em hash, sessões, fatores de autenticação), os registros de uso da API (token, status e horário, agregados por hora) e os registros de cobrança. Os detalhes estão na [Política de Privacidade](/privacy).',
          ],
        },
        {
          question: 'Como peço acesso ou exclusão dos meus dados?',
          answer: [
            'Envie o pedido pelo [formulário de contato](/contact), a partir do e-mail da conta. Respondemos conforme a Lei Geral de Proteção de Dados (Lei 13.709/2018).',
          ],
        },
      ],
    },
  ],
};
