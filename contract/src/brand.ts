// Constants that the web app's first load needs, apart from the message catalogue (messages.ts
// re-exports them): a page that shows only the product's name does not load every message.
export const PRODUCT_NAME = 'Punchclock';

/** Notifications close after this many ms. */
export const NOTIFICATION_AUTO_CLOSE_MS = 3000;
