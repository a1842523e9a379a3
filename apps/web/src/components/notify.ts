import { notifications } from '@mantine/notifications';

/** Success messages (spec §8 "Saved successfully" and the server's own) as a toast. */
export function notifySuccess(message: string) {
  notifications.show({ color: 'brand', message });
}

/** A failed action that has no form to show it in (spec §8 "Failed to …" followed by "Please try again."). */
export function notifyFailure(title: string, message: string) {
  notifications.show({ color: 'red', title, message });
}
