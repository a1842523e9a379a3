import type { InfoDocument } from './document.ts';

export const content: InfoDocument = {
  title: 'Termos de Serviço',
  updated: 'Última atualização: 22 de novembro de 2026',
  intro: [
    'Estes termos regem o uso das APIs do Cotacep (cotações de moedas e consulta de CEP) e da área do cliente. Ao criar uma conta ou usar um token de API, você concorda com eles. O uso do site em geral segue os [Termos de Uso do Site](/terms), e o tratamento de dados pessoais segue a [Política de Privacidade](/privacy).',
  ],
  sections: [
    {
      id: 'servico',
      heading: '1. O serviço',
      paragraphs: [
        'O Cotacep oferece, por HTTP, cotações de mais de 150 moedas em formato compatível com a AwesomeAPI e consulta de endereços pelo CEP. Os dados vêm de fontes públicas e de provedores terceiros, indicados em cada resposta e nas [Perguntas frequentes](/faq). Os valores são informativos: confira fontes oficiais antes de decisões financeiras ou fiscais.',
      ],
    },
    {
      id: 'conta',
      heading: '2. Conta',
      items: [
        'Você deve informar dados verdadeiros e manter o e-mail da conta atualizado.',
        'Você responde pelo que for feito com a sua conta e os seus tokens.',
        'Recomendamos ativar a autenticação em dois passos.',
      ],
    },
    {
      id: 'chaves',
      heading: '3. Tokens de API e confidencialidade',
      items: [
        'Tokens privados são confidenciais: não os publique em código de front-end, repositórios públicos ou mensagens.',
        'Tokens públicos devem ser restritos às origens (domínios) em que serão usadas.',
        'Se suspeitar de vazamento, desative o token e crie outro; o uso feito até a desativação conta na sua cota.',
      ],
    },
    {
      id: 'uso-aceitavel',
      heading: '4. Uso aceitável',
      paragraphs: ['Não é permitido:'],
      items: [
        'contornar cotas, limites de taxa ou restrições de token, inclusive criando várias contas gratuitas;',
        'revender ou redistribuir o acesso às APIs como um serviço concorrente sem contrato específico;',
        'sobrecarregar, sondar ou atacar a infraestrutura, ou tentar acessar dados de outros clientes;',
        'usar o serviço para fins ilícitos.',
      ],
    },
    {
      id: 'cotas',
      heading: '5. Cotas e limites de taxa',
      paragraphs: [
        'Cada plano tem uma cota mensal e uma taxa máxima por minuto, publicadas em [Preços](/pricing). Só respostas 2xx e 304 usam a cota, contada por mês-calendário em UTC. Acima dos limites, a API responde com status 429 até a cota ou a janela seguinte.',
      ],
    },
    {
      id: 'disponibilidade',
      heading: '6. Disponibilidade',
      paragraphs: [
        'Trabalhamos para manter o serviço disponível e atualizado, mas os planos Free, Basic, Pro e Business são oferecidos sem acordo de nível de serviço (SLA). Um SLA só existe quando previsto em contrato Enterprise. Podemos fazer manutenções, de preferência avisadas com antecedência.',
      ],
    },
    {
      id: 'pagamento',
      heading: '7. Pagamento e cancelamento',
      items: [
        'Os planos pagos são cobrados antecipadamente, por período, com cartão ou boleto, via Stripe.',
        'Upgrades valem na hora; downgrades e cancelamentos valem no fim do período pago, sem reembolso proporcional, salvo quando a lei exigir.',
        'Se um pagamento falhar, há carência de 7 dias; depois dela, a conta volta ao plano Free.',
        'Podemos alterar preços com aviso prévio de pelo menos 30 dias; a mudança vale a partir do período seguinte.',
      ],
    },
    {
      id: 'suspensao',
      heading: '8. Suspensão e encerramento',
      paragraphs: [
        'Você pode encerrar a conta a qualquer momento. Podemos suspender tokens ou contas que violem estes termos ou ponham o serviço em risco, avisando por e-mail sempre que possível.',
      ],
    },
    {
      id: 'responsabilidade',
      heading: '9. Limitação de responsabilidade',
      paragraphs: [
        'Na medida permitida pela lei, o Cotacep não responde por lucros cessantes nem por danos indiretos decorrentes do uso ou da indisponibilidade do serviço ou de erros nos dados de fontes terceiras. A responsabilidade total, em qualquer caso, fica limitada ao valor pago por você nos 12 meses anteriores ao fato. Nada aqui afasta direitos garantidos pelo Código de Defesa do Consumidor.',
      ],
    },
    {
      id: 'alteracoes',
      heading: '10. Alterações',
      paragraphs: [
        'Podemos alterar estes termos. Mudanças relevantes serão avisadas por e-mail ou no site com pelo menos 15 dias de antecedência; continuar usando o serviço depois disso significa aceitar a nova versão.',
      ],
    },
    {
      id: 'lei',
      heading: '11. Lei aplicável e foro',
      paragraphs: [
        'Estes termos seguem as leis da República Federativa do Brasil. Fica eleito o foro do domicílio do cliente consumidor; nos demais casos, o foro da sede do Cotacep.',
      ],
    },
  ],
};
