/**
 * How a PDF table sizes its columns, from the widths of what they hold (pure: the caller measures with the font).
 *
 * The rule: a figure, a date or a time is never cut, ellipsised nor wrapped: its column is at least as wide as
 * its widest value. Text (names, departments, headers) may wrap onto more lines of its row, between words. The
 * room goes, in this order, to: every value's figure, date or time; every word of a header or a text whole; text
 * on one line up to `textCap` wide; headers on one line; longer text on one line. What is left then widens the
 * text columns. Only when even the figures do not fit does the whole table (font and padding) shrink to fit.
 */

export interface ColumnMeasure {
  /** A figure, date or time: never wrapped nor cut. */
  rigid: boolean;
  /** The header on one line. */
  header: number;
  /** The header's widest word. */
  headerWord: number;
  /** The widest value on one line (the totals row's included). */
  value: number;
  /** The widest word of a value (text). */
  valueWord: number;
}

export interface SizingOptions {
  /** Padding inside a cell, each side. */
  pad: number;
  /** Text up to this wide is given room for one line before headers are; longer text wraps first. */
  textCap: number;
  /** The narrowest a text column gets when the table is squeezed (its words then break between letters). */
  textFloor: number;
}

export interface ColumnPlan {
  /** Each column's width, padding included. */
  widths: number[];
  /** 1, or less when the table had to shrink (font and padding by this factor) to fit the room. */
  scale: number;
}

const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

/** The widths each column reaches at each step of the rule, text only (padding left out), narrowest first. */
function levels(columns: readonly ColumnMeasure[], o: SizingOptions): number[][] {
  const hard = columns.map((c) =>
    c.rigid ? c.value : Math.min(o.textFloor, Math.max(c.valueWord, c.headerWord)),
  );
  const words = columns.map((c, i) => Math.max(hard[i], c.headerWord, c.rigid ? c.value : c.valueWord));
  const capped = columns.map((c, i) =>
    c.rigid ? words[i] : Math.max(words[i], Math.min(c.value, o.textCap)),
  );
  const headers = columns.map((c, i) => Math.max(capped[i], c.header));
  const full = columns.map((c, i) => Math.max(headers[i], c.value));
  return [hard, words, capped, headers, full];
}

/** The width the columns need to read comfortably: every level but the last (text beyond `textCap` may wrap). */
export function comfortableWidth(columns: readonly ColumnMeasure[], o: SizingOptions): number {
  const l = levels(columns, o);
  return sum(l[3]) + columns.length * 2 * o.pad;
}

/**
 * Landscape when the columns need more than the portrait room to read comfortably, or when there are more than
 * `manyColumns` of them (a wide table reads better across the page).
 */
export function wantsLandscape(
  columns: readonly ColumnMeasure[],
  portraitRoom: number,
  o: SizingOptions & { manyColumns: number },
): boolean {
  return columns.length > o.manyColumns || comfortableWidth(columns, o) > portraitRoom;
}

/** Each column's width in `room`, by the rule above. */
export function planColumns(columns: readonly ColumnMeasure[], room: number, o: SizingOptions): ColumnPlan {
  const n = columns.length;
  if (n === 0) return { widths: [], scale: 1 };
  const pads = 2 * o.pad;
  const [hard, ...steps] = levels(columns, o);
  if (sum(hard) + n * pads > room) {
    // Not even the figures fit: everything shrinks alike, padding included.
    const scale = room / (sum(hard) + n * pads);
    return { widths: hard.map((w) => (w + pads) * scale), scale };
  }
  let widths = [...hard];
  for (const step of steps) {
    const extra = room - n * pads - sum(widths);
    const deficits = step.map((w, i) => Math.max(0, w - widths[i]));
    const wanted = sum(deficits);
    if (wanted <= extra) {
      widths = widths.map((w, i) => w + deficits[i]);
      continue;
    }
    // Not enough for this step: the columns that lack least reach it first (fewer columns wrap, so fewer rows
    // grow); what is left then goes to the others by how much each lacks.
    let left = extra;
    const order = deficits.map((d, i) => i).filter((i) => deficits[i] > 0);
    order.sort((x, y) => deficits[x] - deficits[y]);
    const rest: number[] = [];
    for (const i of order) {
      if (rest.length === 0 && deficits[i] <= left) {
        widths[i] += deficits[i];
        left -= deficits[i];
      } else rest.push(i);
    }
    const lacking = sum(rest.map((i) => deficits[i]));
    for (const i of rest) widths[i] += (deficits[i] * left) / lacking;
    return { widths: widths.map((w) => w + pads), scale: 1 };
  }
  // Everything on one line: the room left widens the text columns (by their width), or every column alike.
  const spare = room - n * pads - sum(widths);
  const text = columns.map((c, i) => (c.rigid ? 0 : widths[i]));
  const shares = sum(text);
  widths = widths.map((w, i) => w + (shares > 0 ? (spare * text[i]) / shares : spare / n));
  return { widths: widths.map((w) => w + pads), scale: 1 };
}

/**
 * `text` as the lines it takes in `width`: broken at newlines and between words; a word wider than the whole
 * width breaks between letters (only when a table was squeezed below its words). Runs of spaces read as one.
 */
export function wrapText(text: string, width: number, measure: (s: string) => number): string[] {
  if (!text.includes('\n') && measure(text) <= width) return [text];
  const lines: string[] = [];
  for (const paragraph of text.split(/\r?\n|\r/)) {
    let line = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const tried = line ? `${line} ${word}` : word;
      if (measure(tried) <= width) {
        line = tried;
        continue;
      }
      if (line) lines.push(line);
      line = word;
      // A word wider than the column: as many letters as fit on each line.
      let letters = Array.from(line);
      while (letters.length > 1 && measure(line) > width) {
        let fit = 1;
        for (let lo = 2, hi = letters.length - 1; lo <= hi;) {
          const mid = (lo + hi) >> 1;
          if (measure(letters.slice(0, mid).join('')) <= width) {
            fit = mid;
            lo = mid + 1;
          } else hi = mid - 1;
        }
        lines.push(letters.slice(0, fit).join(''));
        letters = letters.slice(fit);
        line = letters.join('');
      }
    }
    lines.push(line);
  }
  return lines;
}
