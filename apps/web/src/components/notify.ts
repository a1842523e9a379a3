import { notifications } from '@mantine/notifications';

/** Success messages (spec §8 "Saved successfully" and the server's own) as a toast. */
export function notifySuccess(message: string) {
  notifications.show({ color: 'brand', message });
}
