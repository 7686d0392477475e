import { Alert, Anchor } from '@mantine/core';
import { messages, PLANS, type PlanAnswer } from '@punchclock/contract';
import { useId } from 'react';
import { Link } from 'react-router';
import { usePlan } from '../../api/account';

const planName = (id: PlanAnswer['plan']) => PLANS.find((p) => p.id === id)?.name ?? id;

/** Why no one can be invited when every seat is taken (the server's own words), with the way on. */
function SeatsFullNotice({ id, plan, seats }: { id: string; plan: PlanAnswer['plan']; seats: number }) {
  return (
    <Alert color="yellow" title="All administrator seats are used" id={id} mb="md">
      {messages.account.seatsFull(planName(plan), seats)}{' '}
      <Anchor component={Link} to="/PricingUser" underline="always">
        Upgrade Account
      </Anchor>
    </Alert>
  );
}

/**
 * The account's plan and, when its administrator seats are all taken, the notice that says so: the server
 * refuses another invitation then, so the invite form is not offered.
 */
export function usePlanSeats() {
  const plan = usePlan();
  // The notice's id, so a disabled Invite button can point to why it is disabled.
  const noticeId = useId();
  const p = plan.data;
  const full = !!p && p.seats !== null && p.administrators >= p.seats;
  const notice = p && full ? <SeatsFullNotice id={noticeId} plan={p.plan} seats={p.seats as number} /> : null;
  return { plan, full, notice, noticeId };
}
