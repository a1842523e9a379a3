import type { ReauthMethod } from '@cotacep/shared/account-schemas';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { getErrorCode } from '#web/components/form/server-errors.ts';
import { ReauthContext, type ReauthGuard } from '#web/lib/reauth/use-reauth-guard.ts';
import { offeredMethods } from '../api/reauthenticate.ts';
import { ReauthDialog } from './reauth-dialog.tsx';

type Pending = { promise: Promise<boolean>; resolve: (confirmed: boolean) => void };

/**
 * Gives the settings' sensitive forms their guard (`useReauthGuard`) and holds the one dialog they share.
 * Changes refused at the same time wait on the same dialog; cancelling it lets each refusal stand.
 */
export function ReauthProvider({ children }: { children: ReactNode }) {
  const [methods, setMethods] = useState<ReauthMethod[] | null>(null);
  const pending = useRef<Pending | null>(null);

  const ask = useCallback((offered: ReauthMethod[]) => {
    if (pending.current) return pending.current.promise;
    let resolve: (confirmed: boolean) => void = () => undefined;
    const promise = new Promise<boolean>((done) => {
      resolve = done;
    });
    pending.current = { promise, resolve };
    setMethods(offered);
    return promise;
  }, []);

  const finish = useCallback((confirmed: boolean) => {
    pending.current?.resolve(confirmed);
    pending.current = null;
    setMethods(null);
  }, []);

  // Leaving the page while the dialog is open ends the wait: the change is not sent.
  useEffect(() => () => pending.current?.resolve(false), []);

  const guard = useCallback<ReauthGuard>(
    async (run) => {
      try {
        return await run();
      } catch (error) {
        if (getErrorCode(error) !== 'ReauthenticationRequired') throw error;
        if (!(await ask(offeredMethods(error)))) throw error;
        return run();
      }
    },
    [ask],
  );

  return (
    <ReauthContext.Provider value={guard}>
      {children}
      <ReauthDialog methods={methods} onConfirmed={() => finish(true)} onCancel={() => finish(false)} />
    </ReauthContext.Provider>
  );
}
