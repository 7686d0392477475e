import { Button, Group, type MantineSpacing } from '@mantine/core';

interface CursorPagerProps {
  /** The answer's cursors: null where there is no page that way. */
  prev: string | null | undefined;
  next: string | null | undefined;
  /** The page shown is the previous one's, kept while the next loads: no second turn meanwhile. */
  waiting: boolean;
  onPage: (cursor: string | null) => void;
  mt?: MantineSpacing;
  'aria-label'?: string;
}

/** Previous and Next under a list read by cursor pages. */
export function CursorPager({ prev, next, waiting, onPage, mt, ...rest }: CursorPagerProps) {
  return (
    <Group justify="flex-end" gap="xs" mt={mt} aria-label={rest['aria-label']}>
      <Button variant="default" size="xs" disabled={!prev || waiting} onClick={() => onPage(prev ?? null)}>
        Previous
      </Button>
      <Button variant="default" size="xs" disabled={!next || waiting} onClick={() => onPage(next ?? null)}>
        Next
      </Button>
    </Group>
  );
}
