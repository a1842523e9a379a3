/** The page the e-mail links to (the server writes the same path: `privacy/notices.ts`). */
export const dataExportPath = (id: string) => `/account/data-export/${encodeURIComponent(id)}`;

/** Account Settings' Privacy tab. */
export const PRIVACY_TAB_PATH = '/account/settings?tab=privacy';

/** Where a closed account lands, signed out: the date its data goes, and how to cancel. */
export const accountClosedPath = (anonymiseAfter: string) =>
  `/account/closed?${new URLSearchParams({ on: anonymiseAfter })}`;

/** The navigation state with which the closing dialog opens that page: it signs this browser out. */
export const CLOSED_STATE = { accountClosed: true } as const;

export const isClosedState = (state: unknown): boolean =>
  typeof state === 'object' && state !== null && 'accountClosed' in state;
