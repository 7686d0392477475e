import { useCallback, useEffect, useState } from 'react';
import { lastSyncAt, pendingCount } from './queue';
import { syncPending } from './sync';

const SYNC_EVERY_MS = 15_000;

/** Pending punches and the last sync time; syncs on load, when the connection returns and every 15 s. */
export function useSyncStatus() {
  const [pending, setPending] = useState(0);
  const [lastSync, setLastSync] = useState<string | null>(null);
  const [online, setOnline] = useState(navigator.onLine);

  const refresh = useCallback(async () => {
    setPending(await pendingCount());
    setLastSync(await lastSyncAt());
  }, []);

  const syncNow = useCallback(async () => {
    try {
      await syncPending();
    } catch {
      /* a refused batch stays visible as pending or failed; the next round tries again */
    }
    await refresh();
  }, [refresh]);

  useEffect(() => {
    void syncNow();
    const goOnline = () => {
      setOnline(true);
      void syncNow();
    };
    const goOffline = () => setOnline(false);
    window.addEventListener('online', goOnline);
    window.addEventListener('offline', goOffline);
    const timer = setInterval(() => void syncNow(), SYNC_EVERY_MS);
    return () => {
      window.removeEventListener('online', goOnline);
      window.removeEventListener('offline', goOffline);
      clearInterval(timer);
    };
  }, [syncNow]);

  return { pending, lastSync, online, refresh, syncNow };
}
