import { COMPANY, formatCompanyAddress } from '@cotacep/shared/company';
import type { InfoDocument } from './document.ts';

export const content: InfoDocument = {
  title: 'Política de Privacidade',
  updated: 'Última atualização: 26 de novembro de 2026',
  intro: [
    'Esta política explica quais dados pessoais o Cotacep trata, para quê, com qual base legal, por quanto tempo e como você exerce os seus direitos, nos termos da Lei Geral de Proteção de Dados Pessoais (LGPD, Lei 13.709/2018).',
  ],
  sections: [
    {
      id: 'controlador',
      heading: '1. Controlador',
      paragraphs: [
        `O controlador dos dados é a ${COMPANY.legalName} (Cotacep), CNPJ ${COMPANY.cnpj}, ${formatCompanyAddress()}, fornecedora das APIs de cotações de moedas e de consulta de CEP oferecidas neste site. Para qualquer assunto sobre os seus dados, escreva para ${COMPANY.email} ou use o [formulário de contato](/contact); a [página de contato](/contact) mostra este mesmo endereço.`,
      ],
    },
    {
      id: 'dados',
      heading: '2. Dados que tratamos',
      items: [
        'Dados de cadastro: nome, sobrenome, e-mail, telefone (opcional) e idioma preferido.',
        'Dados de segurança: senha armazenada apenas como hash, sessões e dispositivos conectados, fatores de autenticação em dois passos e registros de atividade (logins e alterações da conta, com endereço IP e navegador).',
        'Dados de uso da API: token usado, projeto, status da resposta e horário, agregados por hora; endereço IP das chamadas anônimas, para aplicar o limite por IP.',
        'Dados de cobrança: plano, assinaturas, faturas e status de pagamento. Os dados do cartão são coletados e guardados pela Stripe, não por nós.',
        'Mensagens enviadas pelo formulário de contato: nome, e-mail e o conteúdo da mensagem.',
      ],
    },
    {
      id: 'finalidades',
      heading: '3. Finalidades e bases legais',
      items: [
        'Criar e manter a sua conta, autenticar o acesso e prestar as APIs contratadas — execução de contrato (art. 7º, V).',
        'Medir o uso, aplicar cotas e limites e cobrar o plano — execução de contrato (art. 7º, V).',
        'Proteger a conta e o serviço contra fraude e abuso (bloqueio após tentativas de login, proteção contra robôs, limites por IP) — legítimo interesse (art. 7º, IX) e proteção ao crédito quando aplicável.',
        'Guardar registros fiscais e de acesso exigidos por lei, como os do Marco Civil da Internet — cumprimento de obrigação legal (art. 7º, II).',
        'Responder às mensagens do formulário de contato — legítimo interesse ou procedimentos preliminares de contrato.',
        'Cookies e armazenamento não essenciais, se vierem a ser usados — consentimento (art. 7º, I), que pode ser revogado a qualquer momento.',
      ],
    },
    {
      id: 'compartilhamento',
      heading: '4. Compartilhamento',
      paragraphs: [
        'Não vendemos dados pessoais. Compartilhamos somente o necessário com operadores que nos prestam serviços: a Stripe, para processar pagamentos; provedores de infraestrutura (hospedagem, banco de dados, envio de e-mail e SMS), para operar o serviço. Também podemos fornecer dados a autoridades quando houver obrigação legal ou ordem judicial.',
      ],
    },
    {
      id: 'transferencias',
      heading: '5. Transferências internacionais',
      paragraphs: [
        'A Stripe e alguns provedores de infraestrutura podem tratar dados fora do Brasil, inclusive nos Estados Unidos e na União Europeia. Essas transferências se apoiam no art. 33 da LGPD, com cláusulas contratuais de proteção de dados e com fornecedores que adotam padrões reconhecidos de segurança da informação.',
      ],
    },
    {
      id: 'retencao',
      heading: '6. Por quanto tempo guardamos',
      items: [
        'Dados da conta: enquanto a conta existir. Quando você a encerra, os seus dados pessoais são anonimizados 30 dias depois (nesse prazo, entrar na conta cancela o encerramento).',
        'Registros de atividade e segurança (logins e alterações da conta, com endereço IP e navegador): 1 ano.',
        'Registros de uso da API: 13 meses.',
        'Registros de pagamento e notas fiscais: 5 anos, o prazo exigido pela legislação tributária, mesmo depois do encerramento da conta.',
        'Mensagens de contato: pelo tempo necessário para atender ao pedido e por até 5 anos para eventual defesa de direitos.',
        'Ao fim desses prazos, os dados são excluídos ou anonimizados.',
      ],
    },
    {
      id: 'direitos',
      heading: '7. Os seus direitos (art. 18 da LGPD)',
      items: [
        'Confirmação da existência de tratamento.',
        'Acesso aos dados e portabilidade a outro fornecedor: em Configurações da conta → Privacidade, [Baixar meus dados](/account/settings?tab=privacy) prepara um arquivo JSON com todos os dados pessoais que guardamos sobre você e envia por e-mail um link, válido por 24 horas, que só você pode abrir.',
        'Correção de dados incompletos, inexatos ou desatualizados.',
        'Anonimização, bloqueio ou eliminação de dados desnecessários, excessivos ou tratados em desconformidade com a lei: na mesma página, [Encerrar conta](/account/settings?tab=privacy) encerra as suas sessões e para os tokens das organizações que são só suas; 30 dias depois os seus dados pessoais são anonimizados, e entrar na conta antes disso cancela o encerramento. As notas fiscais e os registros de pagamento são guardados pelo prazo da legislação tributária (5 anos).',
        'Eliminação dos dados tratados com base no consentimento.',
        'Informação sobre as entidades com as quais compartilhamos dados.',
        'Informação sobre a possibilidade de não consentir e as consequências da recusa.',
        'Revogação do consentimento.',
      ],
    },
    {
      id: 'como-exercer',
      heading: '8. Como exercer os seus direitos',
      paragraphs: [
        'Você pode corrigir nome, telefone e idioma diretamente nas configurações da conta e, em [Configurações da conta → Privacidade](/account/settings?tab=privacy), baixar os seus dados ou encerrar a conta sem precisar nos escrever. Para os demais pedidos, escreva pelo [formulário de contato](/contact), de preferência a partir do e-mail da conta, para que possamos confirmar a sua identidade. Respondemos em até 15 dias. Você também pode apresentar reclamação à Autoridade Nacional de Proteção de Dados (ANPD).',
      ],
    },
    {
      id: 'cookies',
      heading: '9. Cookies e armazenamento local',
      paragraphs: [
        'Usamos apenas cookies e armazenamento essenciais ao funcionamento do site: o cookie de sessão (para manter você conectado), o token XSRF (proteção contra falsificação de requisições) e a preferência de idioma. O aviso de cookies registra, no seu navegador, que você o leu.',
        'Se passarmos a usar cookies não essenciais (por exemplo, de medição), pediremos o seu consentimento antes, e você poderá revogá-lo a qualquer momento.',
      ],
    },
    {
      id: 'seguranca',
      heading: '10. Segurança',
      paragraphs: [
        'Adotamos medidas técnicas e administrativas para proteger os dados: conexões cifradas, senhas com hash resistente, tokens de API guardados apenas como hash, autenticação em dois passos opcional e acesso restrito aos sistemas.',
      ],
    },
    {
      id: 'encarregado',
      heading: '11. Encarregado pelo tratamento de dados (DPO)',
      paragraphs: [
        `O encarregado atende titulares e a ANPD. Fale com ele por ${COMPANY.email} ou pelo [formulário de contato](/contact), mencionando “LGPD” no assunto da mensagem.`,
      ],
    },
    {
      id: 'alteracoes',
      heading: '12. Alterações desta política',
      paragraphs: [
        'Podemos atualizar esta política. A data no topo indica a última versão; mudanças relevantes serão comunicadas por e-mail ou por aviso no site antes de entrarem em vigor.',
      ],
    },
  ],
};
