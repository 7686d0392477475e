import { Box, Button, Paper, Select, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useEmployees } from '../../api/people';
import { AppPage } from '../../components/AppPage';
import { useSession } from '../../session/session';
import { OwnPunchesPage } from '../punches/OwnPunchesPage';
import { PunchTable } from '../punches/PunchTable';
import { PunchCardList } from './PunchCards';
import { foldedFilter } from '../../components/folded-filter';

/** An employee's punches: a table on wide screens, cards (each with a Details link) on narrow ones. */
function Punches({ employeeId, canEdit }: { employeeId: number; canEdit: boolean }) {
  return (
    <>
      <Box visibleFrom="md">
        <PunchTable employeeId={employeeId} canEdit={canEdit} />
      </Box>
      <Box hiddenFrom="md">
        <PunchCardList employeeId={employeeId} />
      </Box>
    </>
  );
}

function ManagerActivity() {
  const employees = useEmployees();
  const [chosen, setChosen] = useState<string | null>(null);
  const options = useMemo(
    () => (employees.data ?? []).map((e) => ({ value: String(e.id), label: `${e.name} (${e.employee_id})` })),
    [employees.data],
  );
  const id = Number(chosen ?? 0);
  return (
    <AppPage
      title="Employee Activity"
      actions={
        id > 0 && (
          <Button component={Link} to={`/ManualPunch/${id}`} leftSection={<IconPlus size={16} />}>
            Create Manual Punch
          </Button>
        )
      }
    >
      <Stack>
        <Select
          label="Employee"
          placeholder={employees.isPending ? 'Loading employees...' : 'Choose an employee'}
          data={options}
          filter={foldedFilter}
          value={chosen}
          onChange={setChosen}
          searchable
          w={{ base: '100%', sm: 360 }}
          nothingFoundMessage="No employees"
        />
        {id > 0 ? (
          <Paper withBorder p="md">
            <Punches employeeId={id} canEdit />
          </Paper>
        ) : (
          <Text c="dimmed">Choose an employee to see their punches.</Text>
        )}
      </Stack>
    </AppPage>
  );
}

/**
 * /Activity (Employee Activity): an employee sees their own punches (and adds one with
 * Create Manual Punch when allowed); a manager picks an employee. Each punch opens its details.
 */
export default function ActivityPage() {
  const user = useSession().user;
  if (user?.user_type !== 'employee') return <ManagerActivity />;
  return (
    <OwnPunchesPage
      title="Activity"
      description="Your punches, newest first."
      list={(id, canEdit) => <Punches employeeId={id} canEdit={canEdit} />}
    />
  );
}
