import type { ContentLoaders, FaqDocument, InfoDocument } from './document.ts';

export type InfoDocumentName = 'about' | 'terms' | 'privacy' | 'termsOfService';

export const INFO_DOCUMENTS: Record<InfoDocumentName, ContentLoaders<InfoDocument>> = {
  about: { 'pt-BR': () => import('./about.pt-BR.ts'), en: () => import('./about.en.ts') },
  terms: { 'pt-BR': () => import('./terms.pt-BR.ts'), en: () => import('./terms.en.ts') },
  privacy: { 'pt-BR': () => import('./privacy.pt-BR.ts'), en: () => import('./privacy.en.ts') },
  termsOfService: {
    'pt-BR': () => import('./terms-of-service.pt-BR.ts'),
    en: () => import('./terms-of-service.en.ts'),
  },
};

export const FAQ: ContentLoaders<FaqDocument> = {
  'pt-BR': () => import('./faq.pt-BR.ts'),
  en: () => import('./faq.en.ts'),
};
