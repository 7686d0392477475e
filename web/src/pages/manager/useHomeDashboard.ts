import { useDashboard, useGreetingName } from '../../api/dashboard';

/** The administrator's home: the greeting (by name once it is known) and the dashboard's figures. */
export function useHomeDashboard() {
  const name = useGreetingName();
  const dash = useDashboard();
  return { title: name ? `Welcome, ${name}!` : 'Welcome!', dash };
}
