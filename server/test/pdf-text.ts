/**
 * Reading a table cell back from `pdftotext -layout` text. A cell too narrow for its text wraps onto more
 * lines of its row: its words then stand on the following lines, in the same column (starting, or for a
 * right-aligned cell ending, at the same place, give or take a character or two of pdftotext's rounding).
 */

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Where `piece` stands in `line` as whole words (spaces or the line's ends around it): [start, end) columns. */
function placesOf(line: string, piece: string): [number, number][] {
  const found: [number, number][] = [];
  for (const m of line.matchAll(new RegExp(`(?<=^|\\s)${escape(piece)}(?=\\s|$)`, 'g')))
    found.push([m.index, m.index + piece.length]);
  return found;
}

const near = (a: number, b: number) => Math.abs(a - b) <= 2;

/**
 * Whether `phrase` reads whole in the text: on one line, or its words over consecutive lines of one column
 * (each line holds whole words, in order, aligned with the line above at the start or at the end).
 */
export function readsWhole(text: string, phrase: string): boolean {
  const lines = text.replace(/\f/g, '').split('\n');
  const words = phrase.split(' ');
  const rest = (from: number, at: number, place: [number, number] | null): boolean => {
    if (from === words.length) return true;
    if (at >= lines.length) return false;
    for (let k = words.length; k > from; k--) {
      const piece = words.slice(from, k).join(' ');
      for (const p of placesOf(lines[at], piece)) {
        if (place && !near(p[0], place[0]) && !near(p[1], place[1])) continue;
        if (rest(k, at + 1, p)) return true;
      }
    }
    return false;
  };
  return lines.some((_, i) => rest(0, i, null));
}
