import { describe, expect, it } from 'vitest';
import {
  type ColumnMeasure,
  planColumns,
  wantsLandscape,
  wrapText,
} from '../../../src/modules/reports/renderers/pdf-columns';

const o = { pad: 4, textCap: 200, textFloor: 25 };
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const text = (value: number, valueWord: number, header = 30, headerWord = header): ColumnMeasure => ({
  rigid: false,
  header,
  headerWord,
  value,
  valueWord,
});
const rigid = (value: number, header = 30, headerWord = header): ColumnMeasure => ({
  rigid: true,
  header,
  headerWord,
  value,
  valueWord: 0,
});
/** Widths less padding: what each column has for its text. */
const inner = (widths: number[]) => widths.map((w) => w - 2 * o.pad);

describe('planColumns', () => {
  it('gives every column all it needs when it fits, the room left to the text columns by their width', () => {
    const { widths, scale } = planColumns([rigid(40), text(100, 50), text(50, 30), rigid(60)], 400, o);
    expect(scale).toBe(1);
    expect(sum(widths)).toBeCloseTo(400);
    const [date, name, dept, time] = inner(widths);
    expect(date).toBe(40);
    expect(time).toBe(60);
    // 400 − 32 padding − 250 needed = 118 spare, shared 100 : 50.
    expect(name).toBeCloseTo(100 + (118 * 100) / 150);
    expect(dept).toBeCloseTo(50 + (118 * 50) / 150);
  });

  it('never gives a figure, date or time less than its widest value: text wraps instead', () => {
    // 3 × 70 of times, a 300-wide name: 310 of room (32 of it padding).
    const columns = [rigid(70), rigid(70), rigid(70), text(300, 60)];
    const { widths, scale } = planColumns(columns, 310, o);
    expect(scale).toBe(1);
    expect(sum(widths)).toBeCloseTo(310);
    const [a, b, c, name] = inner(widths);
    for (const w of [a, b, c]) expect(w).toBeGreaterThanOrEqual(70);
    // The name keeps its widest word (60) at least.
    expect(name).toBeGreaterThanOrEqual(60);
    expect(name).toBeLessThan(300);
  });

  it('never cuts a header word, unless even the figures do not fit', () => {
    const columns = [rigid(20, 80, 45), text(100, 40, 20)];
    const [hours, name] = inner(planColumns(columns, 140, o).widths);
    expect(hours).toBeGreaterThanOrEqual(45);
    expect(name).toBeGreaterThanOrEqual(40);
  });

  it('gives text its one line before headers theirs, and headers before text longer than the cap', () => {
    // Words: 40 (the header's) + 40 + 40; the name's line +60, the note's up to the cap +160; the figure's header
    // on one line +40; the rest of the note +300.
    const columns = [rigid(30, 80, 40), text(100, 40, 30), text(500, 40, 20)];
    const base = 120 + 3 * 8;
    const plan = (extra: number) => inner(planColumns(columns, base + extra, o).widths);
    // Room for the name's line (and the note's first 160 up to the cap) only.
    let [figure, name, note] = plan(60 + 160);
    expect(name).toBeCloseTo(100);
    expect(note).toBeCloseTo(200);
    expect(figure).toBeCloseTo(40);
    // Then the header.
    [figure, name, note] = plan(60 + 160 + 40);
    expect(figure).toBeCloseTo(80);
    expect(note).toBeCloseTo(200);
    // Then the rest of the note.
    [figure, name, note] = plan(60 + 160 + 40 + 100);
    expect(figure).toBeCloseTo(80);
    expect(note).toBeCloseTo(300);
  });

  it('completes the columns that lack least first, so fewer columns wrap', () => {
    // Words: 40 + 40; lines: name 180 (lacks 140), department 120 (lacks 80); 100 to share.
    const columns = [text(180, 40, 20), text(120, 40, 20)];
    const [name, dept] = inner(planColumns(columns, 80 + 16 + 100, o).widths);
    expect(dept).toBeCloseTo(120);
    expect(name).toBeCloseTo(60);
  });

  it('shrinks the whole table (font and padding alike) only when the figures alone do not fit', () => {
    const columns = Array.from({ length: 12 }, () => rigid(70));
    const { widths, scale } = planColumns(columns, 720, o);
    expect(sum(widths)).toBeCloseTo(720);
    expect(scale).toBeCloseTo(720 / (12 * 78));
    // Each column holds its value at the smaller size.
    for (const w of widths) expect(w - 2 * o.pad * scale).toBeCloseTo(70 * scale);
  });
});

describe('wantsLandscape', () => {
  const rules = { ...o, manyColumns: 6 };
  it('turns to landscape beyond six columns, or when the columns need more than the portrait width', () => {
    expect(wantsLandscape([rigid(30), text(60, 30)], 540, rules)).toBe(false);
    expect(
      wantsLandscape(
        Array.from({ length: 7 }, () => rigid(20)),
        540,
        rules,
      ),
    ).toBe(true);
    // Three long texts: each wants its 200 (the cap), 600 in all.
    expect(wantsLandscape([text(400, 40), text(400, 40), text(400, 40)], 540, rules)).toBe(true);
    // Five times with their padding: 5 × (110 + 8) = 590; 5 × (100 + 8) = 540 just fits.
    expect(
      wantsLandscape(
        Array.from({ length: 5 }, () => rigid(110)),
        540,
        rules,
      ),
    ).toBe(true);
    expect(
      wantsLandscape(
        Array.from({ length: 5 }, () => rigid(100)),
        540,
        rules,
      ),
    ).toBe(false);
  });
});

describe('wrapText', () => {
  // One unit per character.
  const measure = (s: string) => Array.from(s).length;
  it('keeps text that fits on one line as it is', () => {
    expect(wrapText('Bo  Li', 10, measure)).toEqual(['Bo  Li']);
  });
  it('breaks between words, and at newlines', () => {
    expect(wrapText('Alexandrina Maximiliana Featherstonehaugh', 24, measure)).toEqual([
      'Alexandrina Maximiliana',
      'Featherstonehaugh',
    ]);
    expect(wrapText('first\nsecond line', 20, measure)).toEqual(['first', 'second line']);
  });
  it('breaks a word wider than the column between letters, none lost', () => {
    const lines = wrapText('ab 𝒜𝒜𝒜𝒜𝒜𝒜𝒜 cd', 3, measure);
    expect(lines).toEqual(['ab', '𝒜𝒜𝒜', '𝒜𝒜𝒜', '𝒜', 'cd']);
  });
});
