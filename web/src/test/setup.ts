import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { queryClient } from '../api/queryClient';
import { session } from '../session/session';

// findBy… and waitFor wait up to 5 s, not 1 s: on a busy 2-core machine (API tests beside, a journey's browser) a
// first render with its lazy chunks and Mantine's transitions has taken over a second. A passing test waits no longer.
configure({ asyncUtilTimeout: 5000 });

// jsdom lacks these browser APIs that Mantine uses.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: vi.fn().mockImplementation((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(),
  })),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub;
window.HTMLElement.prototype.scrollIntoView = () => {};
// Mantine's Modal and autosized textareas wait for the document's fonts.
Object.defineProperty(document, 'fonts', {
  value: {
    ready: Promise.resolve(),
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  },
  configurable: true,
});

afterEach(() => {
  // Mantine's notifications live in a store of the module, which the next file of this worker shares.
  notifications.clean();
  cleanup();
  // What a test left in the page outside its own render (Mantine's shared portal node, notifications): the next
  // file in this worker's document must start from an empty page (vitest.config.ts: isolate false).
  document.body.replaceChildren();
  localStorage.clear();
  session.clear();
  queryClient.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
