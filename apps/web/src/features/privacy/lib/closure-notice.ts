// The session whose "closure cancelled" notice was closed: it does not come back on the next page or reload.
const DISMISSED_KEY = 'closure-notice-dismissed';

export function isClosureNoticeDismissed(sessionId: string): boolean {
  return localStorage.getItem(DISMISSED_KEY) === sessionId;
}

export function dismissClosureNotice(sessionId: string): void {
  localStorage.setItem(DISMISSED_KEY, sessionId);
}
