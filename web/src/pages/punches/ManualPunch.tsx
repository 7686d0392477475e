import { Alert, Anchor, Loader } from '@mantine/core';
import { messages } from '@punchclock/contract';
import { Link, useNavigate, useParams } from 'react-router';
import { messageOf } from '../../api/client';
import { useEmployee } from '../../api/people';
import { AppPage } from '../../components/AppPage';
import { NewPunchForm } from './NewPunchForm';

/** /ManualPunch/:id — a manager adds a punch by hand for one employee. */
export default function ManualPunch() {
  const id = Number(useParams().id);
  const employee = useEmployee(id);
  const navigate = useNavigate();

  const name = employee.data?.name;
  return (
    <AppPage
      title="Manual Punch"
      size="md"
      description={name ? `Add a punch for ${name}` : undefined}
      actions={
        <Anchor component={Link} to={`/Employee/${id}`}>
          Back to the employee
        </Anchor>
      }
    >
      {employee.isLoading && <Loader size="sm" mb="md" />}
      {employee.isError && (
        <Alert color="red" mb="md">
          {messageOf(employee.error, messages.punches.noEmployeeIdentifier)}
        </Alert>
      )}
      <NewPunchForm employeeId={id} onCreated={() => navigate(`/Employee/${id}`)} />
    </AppPage>
  );
}
