import type * as Controller from '../station/clock-controller';

type ClockState = Extract<Awaited<ReturnType<typeof Controller.lookUp>>, { step: 'ready' }>['state'];

/**
 * The station's clock controller with its look-up and punch faked, for a test's vi.mock factory: whoever is
 * identified is Ann Lee, in the state `state()` answers then; `punch` answers each punch. Everything else is
 * the real module's.
 */
export function fakeClockController(
  real: typeof Controller,
  fake: {
    state: () => Omit<ClockState, 'employee'>;
    punch: (kind: string) => ReturnType<typeof Controller.punch>;
  },
): typeof Controller {
  return {
    ...real,
    lookUp: async (id) => ({
      step: 'ready',
      state: { employee: { employee_id: id.employee_id ?? '', name: 'Ann Lee' }, ...fake.state() },
    }),
    punch: async (kind) => fake.punch(kind),
  };
}
