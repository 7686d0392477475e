import { notifications } from '@mantine/notifications';
import { IconCheck, IconX } from '@tabler/icons-react';

export function notifySuccess(message: string) {
  notifications.show({ color: 'green', icon: <IconCheck size={18} />, message });
}

export function notifyError(message: string) {
  notifications.show({ color: 'red', icon: <IconX size={18} />, message });
}
