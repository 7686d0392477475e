/** A paired time station keeps its token in this browser only (never the manager's login token). */
const TOKEN_KEY = 'stationToken';
const NAME_KEY = 'stationName';

export interface StationSession {
  token: string;
  name: string;
}

export function readStation(): StationSession | null {
  const token = localStorage.getItem(TOKEN_KEY);
  return token ? { token, name: localStorage.getItem(NAME_KEY) ?? 'Time station' } : null;
}

export function saveStation(s: StationSession): void {
  localStorage.setItem(TOKEN_KEY, s.token);
  localStorage.setItem(NAME_KEY, s.name);
}

export function forgetStation(): void {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(NAME_KEY);
}
