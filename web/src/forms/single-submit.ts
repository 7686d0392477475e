import { useEffect, useRef } from 'react';

/**
 * A form's submit that runs once until its call is done: a double click on Submit sends one request. `busy`
 * (the mutation's pending state) reaches the button a render later than the second click, and with two calls in
 * flight TanStack Query answers only the last one's callbacks: the first one's success (saved, go back) was
 * dropped and the second one's error ("overlaps another punch") shown instead.
 */
export function useSingleSubmit(busy: boolean) {
  const started = useRef(false);
  useEffect(() => {
    if (!busy) started.current = false;
  }, [busy]);
  return (submit: () => void) => {
    if (busy || started.current) return;
    started.current = true;
    submit();
  };
}
