import type { InfoDocument } from './document.ts';

export const content: InfoDocument = {
  title: 'Termos de Uso do Site',
  updated: 'Última atualização: 22 de novembro de 2026',
  intro: [
    'Estes termos regem o uso deste site. O uso das APIs e dos planos contratados segue os [Termos de Serviço](/terms-of-service); o tratamento de dados pessoais, a [Política de Privacidade](/privacy).',
  ],
  sections: [
    {
      id: 'aceitacao',
      heading: '1. Aceitação',
      paragraphs: ['Ao navegar pelo site, você concorda com estes termos. Se não concordar, não use o site.'],
    },
    {
      id: 'conteudo',
      heading: '2. Conteúdo do site',
      paragraphs: [
        'Textos, marca, logotipo, layout e documentação do Cotacep são protegidos por direitos autorais e de marca. Você pode citar e usar trechos da documentação e dos exemplos de código para integrar as APIs. Os dados de cotações e de CEP exibidos pertencem às respectivas fontes, sob as licenças indicadas no site.',
      ],
    },
    {
      id: 'uso',
      heading: '3. Uso permitido',
      items: [
        'Não tente acessar áreas restritas, contas de terceiros ou a infraestrutura do site sem autorização.',
        'Não use robôs para criar contas, enviar formulários ou extrair o conteúdo do site em massa; para dados, use as APIs.',
        'Não envie pelo formulário de contato conteúdo ilícito, ofensivo ou com código malicioso.',
      ],
    },
    {
      id: 'informacoes',
      heading: '4. Informações e exemplos',
      paragraphs: [
        'As informações e cotações exibidas no site são fornecidas “no estado em que se encontram”, para fins informativos, e podem conter atrasos ou erros das fontes. Elas não constituem recomendação financeira.',
      ],
    },
    {
      id: 'links',
      heading: '5. Links de terceiros',
      paragraphs: [
        'O site pode apontar para sites de terceiros (fontes de dados, processador de pagamento, repositórios). Não controlamos esses sites nem respondemos pelo conteúdo deles.',
      ],
    },
    {
      id: 'cookies',
      heading: '6. Cookies',
      paragraphs: [
        'O site usa cookies essenciais ao seu funcionamento, descritos na [Política de Privacidade](/privacy#cookies).',
      ],
    },
    {
      id: 'alteracoes',
      heading: '7. Alterações, lei e foro',
      paragraphs: [
        'Podemos alterar estes termos a qualquer momento; a data acima indica a versão em vigor. Eles seguem as leis brasileiras, e fica eleito o foro do domicílio do usuário consumidor. Dúvidas: [fale conosco](/contact).',
      ],
    },
  ],
};
