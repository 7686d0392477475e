import type { CSSProperties } from 'react';

/**
 * A table cell of free text (a name, a title, an e-mail): wraps anywhere within a bounded width, so a 120-character
 * name without spaces does not push the row's actions off the screen.
 */
export const LONG_TEXT: CSSProperties = { overflowWrap: 'anywhere', maxWidth: 260, minWidth: 100 };
