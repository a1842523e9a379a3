import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useSession } from '../lib/session/session-store.ts';

/** The persisted cache belongs to one customer: logging out or in as someone else drops it. */
export function ClearCacheOnUserChange() {
  const queryClient = useQueryClient();
  const { user } = useSession();
  const subject = typeof user?.sub === 'string' ? user.sub : null;
  const previous = useRef(subject);

  useEffect(() => {
    if (previous.current === subject) return;
    previous.current = subject;
    queryClient.removeQueries();
  }, [subject, queryClient]);

  return null;
}
