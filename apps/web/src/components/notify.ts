import { notifications } from '@mantine/notifications';
import i18next from 'i18next';
import { ensureToastCorner } from './toast-corner.ts';

// The toast's close button is named in the page's language (axe: a button needs a name).
const closeButtonProps = () => ({ 'aria-label': i18next.t('actions.close') });

/** Success messages (spec §8 "Saved successfully" and the server's own) as a toast. */
export function notifySuccess(message: string) {
  ensureToastCorner();
  notifications.show({ color: 'brand', message, closeButtonProps: closeButtonProps() });
}

/** A failed action that has no form to show it in (spec §8 "Failed to …" followed by "Please try again."). */
export function notifyFailure(title: string, message: string) {
  ensureToastCorner();
  notifications.show({ color: 'red', title, message, closeButtonProps: closeButtonProps() });
}
