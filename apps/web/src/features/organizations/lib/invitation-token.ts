/** Where an invitation's e-mailed link opens (the token follows in the fragment, `#token=…`). */
export const INVITATION_ACCEPT_PATH = '/invitations/accept';

/**
 * The invitation link's token, kept for this tab while the invitee signs in or signs up and confirms the
 * e-mail (the way back to the page carries no token: the link's fragment is read once, then dropped from the
 * address bar so that neither history nor a referrer holds it).
 */
const STORAGE_KEY = 'invitation';

/** The token from `#token=…` (stored for the way back), else the one stored earlier in this tab. */
export function takeInvitationToken(hash: string): string | null {
  const fromLink = new URLSearchParams(hash.replace(/^#/, '')).get('token');
  if (fromLink) {
    sessionStorage.setItem(STORAGE_KEY, fromLink);
    return fromLink;
  }
  return sessionStorage.getItem(STORAGE_KEY);
}

/** Accepted, or the link is no longer valid: nothing to come back to. */
export function forgetInvitationToken(): void {
  sessionStorage.removeItem(STORAGE_KEY);
}
