import { ModalsProvider } from '@mantine/modals';
import { useEffect, useRef, useState } from 'react';

/** What `modals.*` of @mantine/modals dispatch on `window` (its createUseExternalEvents('mantine-modals')). */
const EVENTS = [
  'openModal',
  'openConfirmModal',
  'openContextModal',
  'closeModal',
  'closeAllModals',
  'updateModal',
  'updateContextModal',
].map((e) => `mantine-modals:${e}`);

const isOpen = (type: string) => type.startsWith('mantine-modals:open');

/**
 * The confirm dialogs of the signed-in areas (`modals.openConfirmModal` and the rest): Mantine's
 * ModalsProvider, mounted when the first dialog is asked for and kept from then on.
 *
 * ModalsProvider always renders its (closed) Modal, whose Portal sets state in a layout effect: on a page's
 * first render that made React re-render and run every passive effect of the page inside the first commit's
 * task (Lighthouse's total blocking time). Until it is mounted, the `modals.*` events are heard here (and kept
 * from it: this listener is on `window` first) and given to it, in their order, one frame after it mounted,
 * when its closed Modal is in place, so the first dialog opens with its transition like every later one. It
 * needs no children: the pages only use the `modals` events, never its context.
 */
export function ModalsHost() {
  const [needed, setNeeded] = useState(false);
  const pending = useRef<CustomEvent[]>([]);
  const release = useRef(() => {});

  useEffect(() => {
    const hear = (e: Event) => {
      // Before a first dialog there is nothing to close or update.
      if (!pending.current.length && !isOpen(e.type)) return;
      e.stopImmediatePropagation();
      pending.current.push(e as CustomEvent);
      setNeeded(true);
    };
    EVENTS.forEach((t) => window.addEventListener(t, hear));
    release.current = () => EVENTS.forEach((t) => window.removeEventListener(t, hear));
    return release.current;
  }, []);

  if (!needed) return null;
  return (
    <>
      <ModalsProvider />
      <Replay pending={pending} release={release} />
    </>
  );
}

/** After ModalsProvider has mounted (a later sibling) and its closed Modal is in place: what was asked for before. */
function Replay({
  pending,
  release,
}: {
  pending: { current: CustomEvent[] };
  release: { current: () => void };
}) {
  useEffect(() => {
    const frame = requestAnimationFrame(() => {
      release.current();
      const list = pending.current;
      pending.current = [];
      for (const e of list) window.dispatchEvent(new CustomEvent(e.type, { detail: e.detail }));
    });
    return () => cancelAnimationFrame(frame);
  }, [pending, release]);
  return null;
}
