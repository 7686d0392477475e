import { Alert, Button, Group, Loader, Stack } from '@mantine/core';
import { messages } from '@punchclock/contract';
import { useParams } from 'react-router';
import { ApiError, messageOf } from '../../api/client';
import { useEmployee } from '../../api/people';
import { AppPage } from '../../components/AppPage';
import { CardFace, PrintCardButton } from './BadgeCard';

/** /EmployeeCard/:id: the badge alone, for the browser's print dialog or the PDF. */
export default function EmployeeCard() {
  const id = Number(useParams().id);
  const employee = useEmployee(Number.isInteger(id) ? id : 0);
  const e = employee.data;
  const notFound = !(id > 0) || (employee.error instanceof ApiError && employee.error.status === 404);
  return (
    <AppPage title="Employee Card" size="md">
      {notFound && <Alert color="red">{messages.employees.notFound}</Alert>}
      {employee.isLoading && <Loader />}
      {employee.isError && !notFound && (
        <Alert color="red">{messageOf(employee.error, messages.employees.fetchFailed)}</Alert>
      )}
      {e && (
        <Stack align="center">
          <CardFace employee={e} />
          {/* The buttons stay off the paper when the page itself is printed. */}
          <style>{'@media print { .pc-no-print { display: none !important; } }'}</style>
          <Group className="pc-no-print">
            <PrintCardButton employee={e} />
            <Button variant="default" onClick={() => window.print()}>
              Print this page
            </Button>
          </Group>
        </Stack>
      )}
    </AppPage>
  );
}
