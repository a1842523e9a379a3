import { lazy, Suspense, useState } from 'react';
import { loadScreenTexts } from '#web/i18n/i18n.ts';
import { getSession, getUser, useSession } from '#web/lib/session/session-store.ts';
import { dismissClosureNotice, isClosureNoticeDismissed } from '../lib/closure-notice.ts';

// Its own chunk, with the screens' texts: only someone whose sign-in cancelled a closure ever loads it.
const ClosureCancelledNotice = lazy(async () => {
  const [notice] = await Promise.all([import('./closure-cancelled-notice.tsx'), loadScreenTexts()]);
  return { default: notice.ClosureCancelledNotice };
});

/**
 * After a sign-in that cancelled the account's pending closure (the token set says so, issue 26): a notice at
 * the top of every page until it is closed, once per session.
 */
export function ClosureCancelledSlot() {
  const { isAuthenticated } = useSession();
  const [, setDismissed] = useState(0);
  const sessionId = isAuthenticated ? getUser()?.sid : undefined;
  if (typeof sessionId !== 'string' || getSession()?.closureCancelled !== true) return null;
  if (isClosureNoticeDismissed(sessionId)) return null;
  const onClose = () => {
    dismissClosureNotice(sessionId);
    setDismissed((count) => count + 1);
  };
  return (
    <Suspense fallback={null}>
      <ClosureCancelledNotice onClose={onClose} />
    </Suspense>
  );
}
