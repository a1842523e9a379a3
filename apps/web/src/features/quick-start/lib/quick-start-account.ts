import type { ApiKey } from '@cotacep/shared/key-schemas';

/** What the page needs of a signed-in customer; the app hands it in from the keys feature. */
export type QuickStartAccount = {
  keys: ApiKey[] | undefined;
  isLoading: boolean;
  isError: boolean;
  /** Secrets this tab has seen, by key id (shown once at creation or rotation, or pasted). */
  secrets: ReadonlyMap<string, string>;
  onSecretPasted: (keyId: string, secret: string) => void;
};

/** Where a customer creates keys: Account Settings → Tokens. */
export const CREATE_KEY_PATH = '/account/settings?tab=tokens';
