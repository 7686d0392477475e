import { Anchor, Button, Paper } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link, Navigate, useLocation } from 'react-router';
import { useEmployee } from '../../api/people';
import { AppPage } from '../../components/AppPage';
import { useSession } from '../../session/session';
import { OwnPunchesPage } from './OwnPunchesPage';
import { PunchTable } from './PunchTable';

/** What a manager's screen passes in the route state: whose punches to show. */
interface DetailsState {
  employeeId?: number;
  id?: number;
}

function stateOf(raw: unknown): DetailsState {
  return raw && typeof raw === 'object' ? (raw as DetailsState) : {};
}

function ManagerDetails({ employeeId }: { employeeId: number }) {
  const employee = useEmployee(employeeId);
  return (
    <AppPage
      title="Punch Details"
      description={employee.data?.name}
      actions={
        <Button component={Link} to={`/ManualPunch/${employeeId}`} leftSection={<IconPlus size={16} />}>
          Add punch
        </Button>
      }
    >
      <Paper withBorder p="md">
        <PunchTable employeeId={employeeId} />
      </Paper>
      <Anchor component={Link} to={`/Employee/${employeeId}`} mt="md" display="inline-block">
        Back to the employee
      </Anchor>
    </AppPage>
  );
}

/**
 * /PunchDetails and /ActivityDetail (managers) and /ActivityUser (employees). An employee sees their
 * own punches, with edit controls when their edit_time_entries permission (from /api/get-user)
 * allows; the server checks again. A manager needs the employee in the route state, else goes to
 * the employee list to pick one.
 */
export default function PunchDetails() {
  const user = useSession().user;
  const state = stateOf(useLocation().state);
  if (user?.user_type === 'employee')
    return (
      <OwnPunchesPage
        title="Punch Details"
        list={(id, canEdit) => <PunchTable employeeId={id} canEdit={canEdit} />}
      />
    );
  const employeeId = Number(state.employeeId ?? state.id ?? 0);
  if (!(employeeId > 0)) return <Navigate to="/Employee" replace />;
  return <ManagerDetails employeeId={employeeId} />;
}
