import { type ActivityRefs, type DetailEntry, detailEntries } from '@punchclock/contract';

/** How an instant is shown; the page passes the account's clock and formats. */
export type InstantFormat = (iso: string) => string;

/**
 * A log entry's details as short (label, text) pairs a manager can read: for an edit, each changed field as
 * `old → new`; otherwise each field with its value. Ids are shown by the names the server resolved for the
 * page (`refs`: station names, employees, punches as "employee, clock-in"), instants through `when`, long
 * values cut. The rules are the contract's (activity-details.ts), the same the CSV export writes.
 */
export function detailPairs(
  details: string | null,
  when?: InstantFormat,
  refs?: ActivityRefs,
): DetailEntry[] {
  return detailEntries(details, { when, refs, short: true });
}

/** The same as lines of text: `Label: text`, or the text alone when it has no field of its own. */
export function describeDetails(details: string | null, when?: InstantFormat, refs?: ActivityRefs): string[] {
  return detailPairs(details, when, refs).map(([label, text]) => (label ? `${label}: ${text}` : text));
}
