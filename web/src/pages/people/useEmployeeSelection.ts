import { useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';

/**
 * Below the small breakpoint the list is cards: the table's nine columns need 960 px, and squeezed into a phone
 * its cells split names inside words. Read on the first render, so a phone never draws the table first.
 */
export function usePhone(): boolean {
  const theme = useMantineTheme();
  return !useMediaQuery(`(min-width: ${theme.breakpoints.sm})`, true, { getInitialValueInEffect: false });
}

/** Selection is kept by database id, so it survives paging and list reloads. */
export function useSelection(ids: number[]) {
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  const live = new Set([...chosen].filter((id) => ids.includes(id)));
  const toggle = (id: number, on: boolean) =>
    setChosen((s) => {
      const n = new Set(s);
      if (on) n.add(id);
      else n.delete(id);
      return n;
    });
  const setMany = (many: number[], on: boolean) =>
    setChosen((s) => {
      const n = new Set(s);
      many.forEach((id) => (on ? n.add(id) : n.delete(id)));
      return n;
    });
  return { chosen: live, toggle, setMany, clear: () => setChosen(new Set()) };
}
