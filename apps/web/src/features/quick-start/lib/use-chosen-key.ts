import { useState } from 'react';
import type { QuickStartAccount } from './quick-start-account.ts';

/**
 * The key the examples and "Try it" use: the one picked, else the first whose secret this tab knows (a key
 * just created), else the first. Its secret stays hidden until revealed, and hides again on another pick.
 */
export function useChosenKey(account: QuickStartAccount | null) {
  const [chosenId, setChosenId] = useState<string | null>(null);
  const [isRevealed, setIsRevealed] = useState(false);
  const keys = account?.keys ?? [];
  const secrets = account?.secrets ?? new Map<string, string>();
  const chosen =
    keys.find((key) => key.id === chosenId) ?? keys.find((key) => secrets.has(key.id)) ?? keys[0] ?? null;
  const secret = chosen ? (secrets.get(chosen.id) ?? null) : null;
  return {
    keys,
    chosen,
    secret,
    isRevealed: isRevealed && secret !== null,
    choose: (id: string) => {
      setChosenId(id);
      setIsRevealed(false);
    },
    toggleRevealed: () => setIsRevealed((current) => !current),
  };
}

export type ChosenKey = ReturnType<typeof useChosenKey>;
