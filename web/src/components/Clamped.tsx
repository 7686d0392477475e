import { Anchor, Box } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { type ReactNode, useId, useState } from 'react';

/**
 * Content cut to `maxHeight` (an activity entry's details: a few lines), with Show all / Show less when it is
 * longer. Mantine's Spoiler did this but made each one a landmark (an unnamed region), which lists dozens of
 * identical landmarks to a screen reader on the activity log (axe landmark-unique).
 */
export function Clamped({ maxHeight, children }: { maxHeight: number; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const { ref, height } = useElementSize();
  const id = useId();
  return (
    <>
      <Box id={id} mah={open ? undefined : maxHeight} style={{ overflow: 'hidden' }}>
        <div ref={ref}>{children}</div>
      </Box>
      {height > maxHeight && (
        <Anchor
          component="button"
          type="button"
          fz="xs"
          aria-expanded={open}
          aria-controls={id}
          onClick={() => setOpen(!open)}
        >
          {open ? 'Show less' : 'Show all'}
        </Anchor>
      )}
    </>
  );
}
