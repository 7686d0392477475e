import { type ComboboxParsedItem, isOptionsGroup, type OptionsFilter } from '@mantine/core';
import { foldText } from '@punchclock/contract';

/**
 * A searchable select's filter that ignores letter case and accents, like the server's employee search
 * (contract/src/fold.ts): "jose" offers "José Muñoz". Mantine's own filter only lower-cases.
 */
export const foldedFilter: OptionsFilter = ({ options, search, limit }) => {
  const wanted = foldText(search.trim());
  const pick = (items: ComboboxParsedItem[], room: number): ComboboxParsedItem[] => {
    const found: ComboboxParsedItem[] = [];
    for (const item of items) {
      if (found.length >= room) break;
      if (isOptionsGroup(item)) {
        const inner = pick(item.items, room - found.length);
        if (inner.length) found.push({ group: item.group, items: inner as typeof item.items });
      } else if (foldText(item.label).includes(wanted)) found.push(item);
    }
    return found;
  };
  return pick(options, limit ?? Infinity);
};
