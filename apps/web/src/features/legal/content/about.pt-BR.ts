import type { InfoDocument } from './document.ts';

export const content: InfoDocument = {
  title: 'Sobre o Cotacep',
  intro: [
    'O Cotacep é um fornecedor brasileiro de APIs para quem desenvolve: cotações de moedas em tempo real e consulta de endereços pelo CEP, com um token, uma cota clara e documentação em português e inglês.',
  ],
  sections: [
    {
      id: 'o-que-oferecemos',
      heading: 'O que oferecemos',
      items: [
        'API de cotações: mais de 150 moedas, no formato da AwesomeAPI, para migrar sem reescrever o código.',
        'API de CEP: logradouro, bairro, cidade e UF a partir do CEP.',
        'Área do cliente com projetos, tokens públicos e privados, restrições por origem e por IP, e gráficos de uso.',
        'Planos do Free ao Enterprise, com pagamento por cartão ou boleto. Veja [Preços](/pricing).',
      ],
    },
    {
      id: 'dados',
      heading: 'De onde vêm os dados',
      paragraphs: [
        'Cotações: fawazahmed0/exchange-api (CC0), Banco Central Europeu e PTAX do Banco Central do Brasil. CEP: ViaCEP, BrasilAPI, OpenCEP e dados de referência importados. Cada resposta diz de qual fonte veio e de quando é o dado; o estado das fontes fica em `/api/status`.',
      ],
    },
    {
      id: 'principios',
      heading: 'Como trabalhamos',
      items: [
        'Só respostas de sucesso contam na cota.',
        'Preços e limites publicados, sem letras miúdas; cancelamento pela própria conta.',
        'Dados pessoais tratados conforme a LGPD: veja a [Política de Privacidade](/privacy).',
      ],
    },
    {
      id: 'contato',
      heading: 'Fale com a gente',
      paragraphs: ['Dúvidas, sugestões ou um plano sob medida: use a página de [contato](/contact).'],
    },
  ],
};
