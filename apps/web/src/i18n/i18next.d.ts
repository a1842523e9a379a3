import type { ValidationMessageKey } from '@cotacep/shared/validation-messages';
import type en from './locales/en.json';

/**
 * Typed translation keys (decision 034): `t()` accepts only a key of the catalogue the app loads, English's
 * (`translations.test.tsx` keeps pt-BR's keys the same) with the shared validation messages under `validation`.
 */
declare module 'i18next' {
  interface CustomTypeOptions {
    // A default text does not excuse an unknown key.
    strictKeyChecks: true;
    resources: {
      translation: typeof en & { validation: Record<ValidationMessageKey, string> };
    };
  }
}
