import { notifications } from '@mantine/notifications';
import { IconCheck, IconInfoCircle, IconX } from '@tabler/icons-react';
import { notificationsUsed } from './notifications-host';

export function notifySuccess(message: string) {
  notificationsUsed();
  notifications.show({ color: 'green', icon: <IconCheck size={18} />, message });
}

export function notifyError(message: string) {
  notificationsUsed();
  notifications.show({ color: 'red', icon: <IconX size={18} />, message });
}

/** Neither good nor bad news, e.g. a search that found nothing. */
export function notifyInfo(message: string) {
  notificationsUsed();
  notifications.show({ color: 'blue', icon: <IconInfoCircle size={18} />, message });
}
