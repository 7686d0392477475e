import { createTheme } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'indigo',
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
  },
});
