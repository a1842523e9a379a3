import { useEffect, useSyncExternalStore } from 'react';
import type { TranslationKey } from '#web/i18n/translation-key.ts';

let override: TranslationKey | undefined;
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/**
 * Titles the tab while the calling screen is shown, over its route's title: for a screen that stands in for
 * the route's own at the same address (the not-found page a non-staff member gets at `/admin`).
 */
export function useTitleOverride(titleKey: TranslationKey): void {
  useEffect(() => {
    override = titleKey;
    notify();
    return () => {
      override = undefined;
      notify();
    };
  }, [titleKey]);
}

/** The title a shown screen claims over its route's, if any (read by `useDocumentTitle`). */
export function useOverriddenTitleKey(): TranslationKey | undefined {
  return useSyncExternalStore(
    subscribe,
    () => override,
    () => undefined,
  );
}
