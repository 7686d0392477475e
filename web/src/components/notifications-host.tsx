import { NOTIFICATION_AUTO_CLOSE_MS } from '@punchclock/contract';
import { lazy, Suspense, useSyncExternalStore } from 'react';

// The toasts' container (and its transitions) loads with the first notification, not with every
// page: nothing on the first load imports @mantine/notifications, notify.tsx (loaded by the
// pages that tell something) does, and says so here.
const Notifications = lazy(() =>
  import('@mantine/notifications').then((m) => ({ default: m.Notifications })),
);

let used = false;
const listeners = new Set<() => void>();

/** Called by notify.tsx before a notification is shown: the container must be there. */
export function notificationsUsed(): void {
  if (used) return;
  used = true;
  listeners.forEach((l) => l());
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** Shows what notifications.show() put in Mantine's store, once the first one is asked for. */
export function NotificationsHost() {
  const needed = useSyncExternalStore(subscribe, () => used);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Notifications autoClose={NOTIFICATION_AUTO_CLOSE_MS} position="bottom-left" />
    </Suspense>
  );
}
