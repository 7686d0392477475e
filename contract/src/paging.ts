import { z } from 'zod';

/**
 * Lists are paged by position (keyset), not by OFFSET: an answer carries `next_cursor` (null at the end), an
 * opaque text naming the sort key of the page's last row; sending it back as `cursor` answers the rows after
 * it. Lists that go back also carry `prev_cursor` (null on the first page). A cursor that is not one the server
 * gave for that list is refused with 400. Counts ('Found N employees') are computed once, on the first page
 * (`total`), and carried inside the cursor, so later pages never count again.
 */
export const PAGE_LIMIT_DEFAULT = 50;
export const PAGE_LIMIT_MAX = 200;

export const cursorField = z
  .string({ error: 'Cursor must be text.' })
  .trim()
  .max(1024, 'The page cursor is not valid. Start again from the first page.')
  .regex(/^[A-Za-z0-9_-]*$/, 'The page cursor is not valid. Start again from the first page.')
  .optional();

export const limitField = (fallback: number = PAGE_LIMIT_DEFAULT) =>
  z.coerce
    .number({ error: 'Limit must be a number.' })
    .int('Limit must be a whole number.')
    .min(1, 'Limit must be at least 1.')
    .max(PAGE_LIMIT_MAX, `Limit must be at most ${PAGE_LIMIT_MAX}.`)
    .default(fallback);

/** `?cursor=&limit=` of a paged GET. */
export const pageFields = { cursor: cursorField, limit: limitField() };
export const pageQuery = z.object(pageFields);
export type PageQuery = z.output<typeof pageQuery>;

/** What every paged answer adds beside its rows. */
export const pageAnswerFields = {
  next_cursor: z.string().nullable(),
  /** The count of the whole list: on the first page, and on later pages as counted on the first. */
  total: z.number().optional(),
};
