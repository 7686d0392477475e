import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { wallClockText } from './clock-text';

/**
 * index.html's boot screen shows a paired station's clock before the app's code has loaded (docs/PERFORMANCE.md).
 * Its inline script is a second copy of wallClockText's formatting (it runs before any module): these tests keep
 * the two showing the same text.
 */
const html = readFileSync(resolve(import.meta.dirname, '../../index.html'), 'utf8');
const script = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)]
  .map((m) => m[1])
  .find((s) => s.includes('boot-clock'));
const boot = html.slice(html.indexOf('<div id="root">'), html.indexOf('</div>\n    <script'));

function load(path: string, stored: Record<string, string>) {
  document.body.innerHTML = `${boot}</div>`;
  window.history.replaceState(null, '', path);
  localStorage.clear();
  for (const [k, v] of Object.entries(stored)) localStorage.setItem(k, v);
  new Function(script as string)();
  return document.querySelector('.boot-clock');
}

const paired = (settings: object) => ({
  stationToken: 'token',
  stationInfo: JSON.stringify({ settings }),
});

describe('the boot screen of a paired station', () => {
  const at = new Date('2026-11-26T06:04:31Z');
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(at);
  });
  afterEach(() => vi.useRealTimers());

  it("shows the station page's clock text, in the account's zone and Time Format, and keeps it ticking", () => {
    for (const settings of [
      { time_zone: 'America/New_York', time_format: '24 Hours' },
      { time_zone: 'Asia/Kolkata', time_format: '12 Hours (AM/PM)' },
      { time_zone: 'Not/AZone', time_format: '24 Hours' },
    ]) {
      vi.setSystemTime(at);
      const clock = load('/Station', paired(settings));
      expect(clock?.textContent).toBe(wallClockText(at, settings.time_zone, settings.time_format));
      vi.advanceTimersByTime(2000);
      expect(clock?.textContent).toBe(
        wallClockText(new Date(at.getTime() + 2000), settings.time_zone, settings.time_format),
      );
    }
    expect(document.querySelector('.boot')?.textContent).toContain('Loading the time station…');
  });

  it('shows the tablet’s own 12-hour clock before the station has its settings, and a broken copy changes nothing', () => {
    expect(load('/station', { stationToken: 'token' })?.textContent).toBe(wallClockText(at));
    expect(load('/Station', { stationToken: 'token', stationInfo: '{not json' })?.textContent).toBe(
      wallClockText(at),
    );
  });

  it('shows nothing of it on other pages or on a browser that is not a station', () => {
    expect(load('/HomeSecond', paired({ time_zone: 'UTC' }))).toBeNull();
    expect(load('/Station', {})).toBeNull();
    expect(document.querySelector('.boot')?.textContent).toContain('Loading Punchclock…');
  });

  it('stops ticking once the app has replaced the boot screen', () => {
    const clock = load('/Station', paired({ time_zone: 'UTC' }));
    document.body.innerHTML = '<div id="root"></div>';
    vi.advanceTimersByTime(1000);
    expect(vi.getTimerCount()).toBe(0);
    expect(clock?.isConnected).toBe(false);
  });
});
