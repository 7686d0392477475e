import {
  createTheme,
  darken,
  defaultCssVariablesResolver,
  luminance,
  type CSSVariablesResolver,
} from '@mantine/core';

/** WCAG contrast ratio of two colours (1 to 21). */
function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** Normal text needs 4.5:1 (WCAG 2.1 AA); a little more, so rounding and antialiasing never drop under it. */
const AA = 4.6;

/** The colour, darkened in small steps until it reads at AA on `background`. */
function readableOn(color: string, background: string): string {
  let c = color;
  for (let i = 1; contrast(c, background) < AA && i <= 20; i++) c = darken(color, i * 0.04);
  return c;
}

/** Filled surfaces carry white text; the primary shade reads at AA for indigo, and the rest follow. */
const FILLED_SHADE = 8;

/**
 * Mantine's light-scheme colours, made readable where they are not (WCAG 2.1 AA, checked by axe-core in the
 * journeys' walk of every route): dimmed text and placeholders are darker greys; for every colour, a filled
 * surface (white text) takes the first shade from the primary one on that white reads on, and light surfaces
 * (shade 9 on shade 1: light buttons, badges, avatars, theme icons) darken their text where shade 9 does not
 * read, as for green, lime, yellow, orange and teal.
 */
const cssVariablesResolver: CSSVariablesResolver = (theme) => {
  const base = defaultCssVariablesResolver(theme);
  const light: Record<string, string> = {
    ...base.light,
    '--mantine-color-dimmed': '#666d75',
    '--mantine-color-placeholder': '#6c757d',
    '--mantine-color-error': 'var(--mantine-color-red-8)',
  };
  for (const [name, shades] of Object.entries(theme.colors)) {
    if (name === 'dark' || name === 'gray') continue;
    const shade = shades.findIndex((s, i) => i >= FILLED_SHADE && contrast(s, '#ffffff') >= AA);
    const filled = shade >= 0 ? shades[shade] : readableOn(shades[9], '#ffffff');
    light[`--mantine-color-${name}-filled`] = filled;
    light[`--mantine-color-${name}-filled-hover`] =
      shade >= 0 && shade < 9 ? shades[shade + 1] : darken(filled, 0.1);
    light[`--mantine-color-${name}-outline`] = filled;
    light[`--mantine-color-${name}-light-color`] = readableOn(shades[9], shades[1]);
  }
  return { ...base, light };
};

export const theme = createTheme({
  primaryColor: 'indigo',
  primaryShade: { light: FILLED_SHADE, dark: 8 },
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '700' },
  // Plain objects, not Component.extend(): importing PasswordInput here would put it (and Input)
  // in the first load of every page.
  components: {
    // Pages sit in a flex column (the footer is pushed to the bottom), where an auto-margin box
    // would shrink to its content; containers should always take their full max width.
    Container: { defaultProps: { w: '100%' } },
    // The required mark is drawn by CSS (styles.css), not a " *" text node, so a label reads
    // exactly "Password" to screen readers and to getByLabel('Password', { exact: true }).
    InputWrapper: { defaultProps: { withAsterisk: false } },
    // Mantine's default "Toggle password visibility" would also answer to getByLabel('Password').
    PasswordInput: {
      defaultProps: { visibilityToggleButtonProps: { 'aria-label': 'Show or hide characters' } },
    },
    // Mantine's close buttons are an icon only: without a name a screen reader announces "button".
    // A dialog's title bar is a <header>, which axe counts as a second page banner beside the top bar
    // (landmark-no-duplicate-banner): it is only the dialog's title row, so it gets no landmark role.
    Modal: {
      defaultProps: {
        closeButtonProps: { 'aria-label': 'Close' },
        attributes: { header: { role: 'none' } },
      },
    },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } } },
  },
});

export { cssVariablesResolver };
