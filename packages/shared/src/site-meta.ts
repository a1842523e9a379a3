import { LANGUAGE_QUERY_PARAM } from './constants.ts';
import { DEFAULT_LANGUAGE, type Language, SUPPORTED_LANGUAGES } from './languages.ts';
import { PUBLIC_PAGES } from './site-pages.ts';

/**
 * The head of every page (title, description, Open Graph, Twitter, canonical, hreflang, robots), written
 * into index.html by the server for link previews and crawlers and kept up to date by the web app on
 * navigation: both build it here, so they cannot disagree.
 */
export type PublicPage = (typeof PUBLIC_PAGES)[number];
export type PageMeta = { title: string; description: string };

export const SITE_META: Record<PublicPage, Record<Language, PageMeta>> = {
  '/': {
    'pt-BR': {
      title: 'API de cotações de moedas e CEP',
      description:
        'Cotações de mais de 150 moedas em tempo real e consulta de CEP com endereço completo, em uma só API para quem desenvolve no Brasil.',
    },
    en: {
      title: 'Currency quotes and CEP lookup API',
      description:
        'Real-time quotes for 150+ currencies and Brazilian postal code (CEP) lookup with the full address, in one API for developers.',
    },
  },
  '/pricing': {
    'pt-BR': {
      title: 'Planos e preços',
      description: 'Comece grátis e cresça com planos mensais para as APIs de cotações e de CEP.',
    },
    en: {
      title: 'Plans and pricing',
      description: 'Start free and grow with monthly plans for the currency quotes and CEP APIs.',
    },
  },
  '/contact': {
    'pt-BR': {
      title: 'Fale conosco',
      description: 'Dúvidas, planos Enterprise ou suporte: envie sua mensagem à equipe.',
    },
    en: {
      title: 'Contact us',
      description: 'Questions, Enterprise plans or support: send your message to the team.',
    },
  },
  '/faq': {
    'pt-BR': {
      title: 'Perguntas frequentes',
      description:
        'Respostas sobre tokens de API, limites, planos, fontes de dados e formatos das respostas.',
    },
    en: {
      title: 'FAQ',
      description: 'Answers about API tokens, limits, plans, data sources and response formats.',
    },
  },
  '/about': {
    'pt-BR': {
      title: 'Sobre',
      description: 'Quem somos e por que construímos uma API de cotações e CEP pensada para o Brasil.',
    },
    en: {
      title: 'About',
      description: 'Who we are and why we built a currency quotes and CEP API designed for Brazil.',
    },
  },
  '/terms': {
    'pt-BR': {
      title: 'Termos de Uso do Site',
      description: 'As condições de uso do site e do portal.',
    },
    en: {
      title: 'Website Terms of Use',
      description: 'The conditions for using the website and the portal.',
    },
  },
  '/privacy': {
    'pt-BR': {
      title: 'Política de Privacidade',
      description:
        'Quais dados pessoais tratamos, para quê, por quanto tempo e como exercer seus direitos (LGPD).',
    },
    en: {
      title: 'Privacy Policy',
      description:
        'Which personal data we process, why, for how long and how to exercise your rights (LGPD).',
    },
  },
  '/terms-of-service': {
    'pt-BR': {
      title: 'Termos de Serviço',
      description: 'As regras de uso das APIs: tokens, limites, cobrança e disponibilidade.',
    },
    en: {
      title: 'Terms of Service',
      description: 'The rules for using the APIs: tokens, limits, billing and availability.',
    },
  },
  '/quick-start': {
    'pt-BR': {
      title: 'Início rápido',
      description: 'Crie seu token e faça a primeira chamada às APIs de cotações e de CEP em poucos minutos.',
    },
    en: {
      title: 'Quick Start',
      description: 'Create your token and make your first call to the quotes and CEP APIs in a few minutes.',
    },
  },
  '/docs': {
    'pt-BR': {
      title: 'Documentação',
      description: 'Guias e referência das APIs de cotações e de CEP e do portal.',
    },
    en: {
      title: 'Documentation',
      description: 'Guides and reference for the quotes and CEP APIs and the portal.',
    },
  },
  '/docs/quotes': {
    'pt-BR': {
      title: 'API de cotações',
      description: 'Rotas, parâmetros, formatos e exemplos da API de cotações de moedas.',
    },
    en: {
      title: 'Quotes API',
      description: 'Routes, parameters, formats and examples of the currency quotes API.',
    },
  },
  '/docs/cep': {
    'pt-BR': {
      title: 'API de CEP',
      description: 'Como consultar um CEP e o que a resposta traz: endereço, município, IBGE e coordenadas.',
    },
    en: {
      title: 'CEP API',
      description:
        'How to look up a CEP and what the answer holds: address, municipality, IBGE code and coordinates.',
    },
  },
  '/docs/portal': {
    'pt-BR': {
      title: 'Guia do portal',
      description: 'Projetos, tokens, consumo, planos e cobrança: como usar o portal.',
    },
    en: {
      title: 'Portal guide',
      description: 'Projects, tokens, usage, plans and billing: how to use the portal.',
    },
  },
  '/status': {
    'pt-BR': {
      title: 'Status dos serviços',
      description: 'A situação em tempo real das APIs de cotações e de CEP e de cada fonte de dados.',
    },
    en: {
      title: 'Service status',
      description: 'The live state of the quotes and CEP APIs and of each of their data sources.',
    },
  },
};

const OG_LOCALES: Record<Language, string> = { 'pt-BR': 'pt_BR', en: 'en_US' };

export function isPublicPage(pathname: string): pathname is PublicPage {
  return (PUBLIC_PAGES as readonly string[]).includes(pathname);
}

/** A page's address in one language: pt-BR is the bare path, any other language adds `?lng=`. */
export function localizedPageUrl(publicUrl: string, page: string, language: Language): string {
  const base = publicUrl.replace(/\/+$/, '');
  return `${base}${page}${language === DEFAULT_LANGUAGE ? '' : `?${LANGUAGE_QUERY_PARAM}=${language}`}`;
}

/** "Perguntas frequentes · Cotacep"; the app name alone where a page has no title. */
export function formatDocumentTitle(pageTitle: string | undefined, appName: string): string {
  return pageTitle ? `${pageTitle} · ${appName}` : appName;
}

export type HeadTag =
  | { tag: 'meta'; attributes: { name: string; content: string } }
  | { tag: 'meta'; attributes: { property: string; content: string } }
  | { tag: 'link'; attributes: { rel: string; href: string; hreflang?: string } };

type HeadInput = { pathname: string; language: Language; publicUrl: string; appName: string };

/** The tags a page's head carries besides `<title>`: the full set for a public page, noindex for the rest. */
export function getHeadTags({ pathname, language, publicUrl, appName }: HeadInput): HeadTag[] {
  if (!isPublicPage(pathname)) return [{ tag: 'meta', attributes: { name: 'robots', content: 'noindex' } }];
  const { title, description } = SITE_META[pathname][language];
  const fullTitle = formatDocumentTitle(title, appName);
  const url = localizedPageUrl(publicUrl, pathname, language);
  const meta = (name: string, content: string): HeadTag => ({ tag: 'meta', attributes: { name, content } });
  const property = (name: string, content: string): HeadTag => ({
    tag: 'meta',
    attributes: { property: name, content },
  });
  const alternate = (hreflang: string, href: string): HeadTag => ({
    tag: 'link',
    attributes: { rel: 'alternate', hreflang, href },
  });
  return [
    meta('description', description),
    property('og:type', 'website'),
    property('og:site_name', appName),
    property('og:title', fullTitle),
    property('og:description', description),
    property('og:url', url),
    property('og:locale', OG_LOCALES[language]),
    ...SUPPORTED_LANGUAGES.filter((other) => other !== language).map((other) =>
      property('og:locale:alternate', OG_LOCALES[other]),
    ),
    meta('twitter:card', 'summary'),
    meta('twitter:title', fullTitle),
    meta('twitter:description', description),
    { tag: 'link', attributes: { rel: 'canonical', href: url } },
    ...SUPPORTED_LANGUAGES.map((other) => alternate(other, localizedPageUrl(publicUrl, pathname, other))),
    alternate('x-default', localizedPageUrl(publicUrl, pathname, DEFAULT_LANGUAGE)),
  ];
}

/** The document title of a path: the public page's own title, or the one the route gives (signed-in screens). */
export function getPageTitle(pathname: string, language: Language): string | undefined {
  return isPublicPage(pathname) ? SITE_META[pathname][language].title : undefined;
}

/** The attribute every tag from getHeadTags carries in the document, so the app can replace the set. */
export const HEAD_TAG_MARKER = 'data-page-meta';
