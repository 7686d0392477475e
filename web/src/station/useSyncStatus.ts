import { useCallback, useEffect, useRef, useState } from 'react';
import { DIRECTORY_EVERY_MS, refreshDirectory } from './directory';
import { lastSyncAt, pendingCount, refusedCount } from './queue';
import { StationApiError } from './station-api';
import { readStation } from './station-session';
import { onRefused, syncPending } from './sync';

const SYNC_EVERY_MS = 15_000;

/** The server no longer knows this station's token: a manager revoked it. */
const isRevoked = (e: unknown) => e instanceof StationApiError && e.status === 401;

/**
 * Pending punches and the last sync time; syncs on load, when the connection returns and every 15 s, and reads
 * the account's employees (directory.ts) on load and every 10 minutes. `revoked` turns true when the server
 * refuses the station's token: the page then asks to pair again (the waiting punches stay, and go once paired).
 */
export function useSyncStatus() {
  const [pending, setPending] = useState(0);
  const [refused, setRefused] = useState(0);
  const [lastSync, setLastSync] = useState<string | null>(null);
  const [online, setOnline] = useState(navigator.onLine);
  const [revoked, setRevoked] = useState(false);
  const directoryAt = useRef(0);

  const refresh = useCallback(async () => {
    setPending(await pendingCount());
    setRefused(await refusedCount());
    setLastSync(await lastSyncAt());
  }, []);

  const syncNow = useCallback(async () => {
    // Not paired (yet, or any more): nothing can be sent, and the employees are not this browser's to read.
    if (!readStation()) return refresh();
    try {
      await syncPending();
      if (Date.now() - directoryAt.current >= DIRECTORY_EVERY_MS) {
        await refreshDirectory();
        directoryAt.current = Date.now();
      }
    } catch (e) {
      // A refused batch stays visible as pending or failed, and a lost connection waits: the next round tries
      // again. A revoked token does not come back.
      if (isRevoked(e)) setRevoked(true);
    }
    await refresh();
  }, [refresh]);

  useEffect(() => {
    // A refused punch leaves the station's idea of that employee wrong (clocked in when the server says not):
    // the employees are read again on the next round.
    onRefused(() => {
      directoryAt.current = 0;
    });
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
      onRefused(null);
    };
  }, [syncNow]);

  /** A new pairing: the old token's refusal is over, and the employees are read again for the new one. */
  const paired = useCallback(() => {
    setRevoked(false);
    directoryAt.current = 0;
    void syncNow();
  }, [syncNow]);

  return { pending, refused, lastSync, online, revoked, refresh, syncNow, paired };
}
