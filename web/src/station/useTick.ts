import { useEffect, useState } from 'react';

/** The current time, re-read every second while `active` (the elapsed-time counters of an open shift). */
export function useTick(active: boolean): number {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    if (!active) return;
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, [active]);
  return now;
}
