/**
 * Text as a search compares it: lower case, decomposed (NFD) with its accents and other combining marks
 * (U+0300–U+036F) dropped, and the Latin letters whose stroke is part of the letter read as their base letter, so
 * "jose" finds "José", "munoz" finds "Muñoz" and "lodz" finds "Łódź". PostgreSQL's fold() does the same steps
 * (server migration 014), SQLite's connection calls foldText, and a test compares the two letter by letter.
 */

/** Letters with a stroke or bar, which do not decompose, and the letter each is read as. */
export const STROKED_FROM = 'łøđħŧıƀƶ';
export const STROKED_TO = 'lodhtibz';

/** The combining marks dropped after decomposition (the PostgreSQL regular expression uses the same range). */
export const MARKS = '[\u0300-\u036f]';

// Literals only at the top: nothing here runs unless foldText is called (it stays out of pages that do not).
// eslint-disable-next-line no-control-regex -- ASCII is the range that needs no more work
const ASCII = /^[\u0000-\u007f]*$/;
const MARK = /[\u0300-\u036f]/g;

/** Text as searches compare it (see above). */
export function foldText(text: string): string {
  const lower = text.toLowerCase();
  if (ASCII.test(lower)) return lower;
  let out = '';
  for (const ch of lower.normalize('NFD').replace(MARK, '')) {
    const stroked = STROKED_FROM.indexOf(ch);
    out += stroked < 0 ? ch : STROKED_TO[stroked];
  }
  return out;
}
