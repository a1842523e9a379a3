/** What a finished step hands the login page: its success message and the e-mail to fill in. */
export type AuthNotice = { notice?: string; email?: string };

export function readAuthNotice(state: unknown): AuthNotice {
  const { notice, email } = (state ?? {}) as { notice?: unknown; email?: unknown };
  return {
    notice: typeof notice === 'string' ? notice : undefined,
    email: typeof email === 'string' ? email : undefined,
  };
}

/** The visitor was sent here because the server ended their session (router state `sessionEnded`). */
export function readSessionEnded(state: unknown): boolean {
  return (state as { sessionEnded?: unknown } | null)?.sessionEnded === true;
}

/** The last login's second step ended (expired, too many wrong codes): router state `challengeEnded`. */
export function readChallengeEnded(state: unknown): boolean {
  return (state as { challengeEnded?: unknown } | null)?.challengeEnded === true;
}
