import { createContext, useContext } from 'react';

/** Runs a sensitive request; asked to re-authenticate, asks the person and, once they have, runs it again. */
export type ReauthGuard = <T>(run: () => Promise<T>) => Promise<T>;

/** Outside the settings page nothing asks: the request's own refusal stands. */
export const ReauthContext = createContext<ReauthGuard>((run) => run());

/**
 * The account settings' guard for sensitive changes (e-mail, phone, password, second factors, social
 * links; an organization's deletion, roles, members and two-step rule): a `ReauthenticationRequired`
 * refusal opens the one re-authentication dialog (the account feature's `ReauthProvider`, around every
 * settings tab), and the change is sent again once the password or code is confirmed.
 */
export function useReauthGuard(): ReauthGuard {
  return useContext(ReauthContext);
}
