import {
  Alert,
  Badge,
  Button,
  FileInput,
  Group,
  Loader,
  Paper,
  ScrollArea,
  SimpleGrid,
  Stack,
  Table,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IMPORT_COLUMNS, messages } from '@punchclock/contract';
import { IconFileSpreadsheet, IconUpload } from '@tabler/icons-react';
import { type ReactNode, useRef, useState } from 'react';
import { messageOf } from '../../api/client';
import { type ImportAnswer, useUploadedEmployees, usePeopleMutations } from '../../api/people';
import { AppPage } from '../../components/AppPage';
import { DownloadButton } from '../../components/DownloadButton';
import { notifyError, notifySuccess } from '../../components/notify';
import { downloadFile } from '../../api/download';
import { useRateText } from './download';

function Step({ n, title, children }: { n: number; title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md">
      <Group align="flex-start" wrap="nowrap">
        <ThemeIcon radius="xl" size="lg">
          {n}
        </ThemeIcon>
        {/* minWidth 0: a wide table inside scrolls in its frame instead of widening the page. */}
        <Stack gap="xs" style={{ flex: 1, minWidth: 0 }}>
          <Text fw={600}>{title}</Text>
          {children}
        </Stack>
      </Group>
    </Paper>
  );
}

function TemplateButton() {
  const [busy, setBusy] = useState(false);
  const download = () => {
    setBusy(true);
    downloadFile('/employees/export', 'employees-template.xlsx')
      .catch((e: unknown) => notifyError(messageOf(e, 'Failed to download the template.')))
      .finally(() => setBusy(false));
  };
  return (
    <DownloadButton
      variant="light"
      onClick={download}
      loading={busy}
      w="fit-content"
      maw="100%"
      // Its words wrap on the narrowest phones (320 px) instead of widening the page.
      h="auto"
      mih={36}
      styles={{ label: { whiteSpace: 'normal' } }}
    >
      Download the template
    </DownloadButton>
  );
}

/** What a check found: counts, then every refused row with the reason. */
function Preview({ answer }: { answer: ImportAnswer }) {
  const bad = new Set(answer.errors.map((e) => e.row)).size;
  const [shown, setShown] = useState(LIST_STEP);
  return (
    <Stack gap="sm" data-testid="import-preview">
      <Group gap="xs">
        <Badge size="lg" variant="light">
          {answer.total_rows.toLocaleString('en-US')} rows
        </Badge>
        <Badge size="lg" color="teal" variant="light">
          {answer.valid_rows.toLocaleString('en-US')} valid
        </Badge>
        <Badge size="lg" color={bad ? 'red' : 'gray'} variant="light">
          {bad.toLocaleString('en-US')} with problems
        </Badge>
      </Group>
      {answer.new_departments.length > 0 && (
        <Text size="sm">New departments will be created: {answer.new_departments.join(', ')}</Text>
      )}
      {answer.ignored_columns.length > 0 && (
        <Alert color="yellow" role="alert" data-testid="import-ignored">
          {messages.people.importIgnoredColumns(answer.ignored_columns)}
        </Alert>
      )}
      {answer.errors.length > 0 && (
        <ScrollArea type="auto">
          <Table striped miw={480} data-testid="import-errors">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Row</Table.Th>
                <Table.Th>Field</Table.Th>
                <Table.Th>Reason</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {answer.errors.slice(0, shown).map((e, i) => (
                <Table.Tr key={`${e.row}-${e.field}-${i}`}>
                  <Table.Td>{e.row}</Table.Td>
                  <Table.Td>{e.field}</Table.Td>
                  <Table.Td>{e.reason}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
      <ShowMore shown={shown} total={answer.errors.length} onMore={() => setShown((n) => n + LIST_STEP)} />
    </Stack>
  );
}

function Uploader() {
  const { importEmployees } = usePeopleMutations();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ImportAnswer | null>(null);
  // One upload at a time: a double click on Import sent the file twice (the second refused, after the first's success).
  const busy = useRef(false);
  const run = (asPreview: boolean) => {
    if (busy.current) return;
    if (!file) {
      notifyError(messages.employees.noFile);
      return;
    }
    busy.current = true;
    importEmployees.mutate(
      { file, preview: asPreview },
      {
        onSettled: () => {
          busy.current = false;
        },
        onSuccess: (a) => {
          if (asPreview) {
            setPreview(a);
            return;
          }
          notifySuccess(`${messages.employees.imported}: ${a.imported} employees`);
          setPreview(null);
          setFile(null);
        },
        onError: (e) => notifyError(messageOf(e, messages.employees.uploadFailed)),
      },
    );
  };
  const choose = (f: File | null) => {
    setFile(f);
    setPreview(null);
  };
  return (
    <Stack gap="sm">
      <FileInput
        label="Employee file"
        placeholder="Choose an .xlsx, .xls or .csv file"
        accept=".xlsx,.xls,.csv"
        value={file}
        onChange={choose}
        clearable
        leftSection={<IconFileSpreadsheet size={16} />}
      />
      <Group>
        <Button
          variant="default"
          onClick={() => run(true)}
          disabled={importEmployees.isPending && !importEmployees.variables?.preview}
          loading={importEmployees.isPending && importEmployees.variables?.preview}
        >
          Check File
        </Button>
        {preview && preview.valid_rows > 0 && (
          <Button
            leftSection={<IconUpload size={16} />}
            onClick={() => run(false)}
            loading={importEmployees.isPending && !importEmployees.variables?.preview}
          >
            Import {preview.valid_rows.toLocaleString('en-US')} Employees
          </Button>
        )}
      </Group>
      {importEmployees.isPending && (
        <Group gap="xs">
          <Loader size="xs" />
          <Text size="sm">Uploading…</Text>
        </Group>
      )}
      {preview && <Preview answer={preview} />}
    </Stack>
  );
}

/** Rows a long list shows at first, and adds per "Show more": a 20,000-row import must not draw 20,000 rows. */
const LIST_STEP = 100;

/** "Showing N of M" and a button for the next LIST_STEP, under a list cut to `shown` rows. */
function ShowMore({ shown, total, onMore }: { shown: number; total: number; onMore: () => void }) {
  if (shown >= total) return null;
  return (
    <Group gap="sm">
      <Text size="sm" c="dimmed">
        Showing {shown.toLocaleString('en-US')} of {total.toLocaleString('en-US')}.
      </Text>
      <Button size="xs" variant="default" onClick={onMore}>
        Show {Math.min(LIST_STEP, total - shown).toLocaleString('en-US')} more
      </Button>
    </Group>
  );
}

function UploadedEmployees() {
  const money = useRateText();
  const uploaded = useUploadedEmployees();
  const [shown, setShown] = useState(LIST_STEP);
  return (
    <Stack gap="sm" mt="xl">
      {/* The page's h1 comes before it: h2 (heading levels must not skip), sized as before. */}
      <Title order={2} size="h3">
        Uploaded Employees
      </Title>
      {uploaded.isLoading && <Loader size="sm" />}
      {uploaded.isError && <Alert color="red">{messages.employees.fetchUploadedFailed}</Alert>}
      {uploaded.data?.length === 0 && <Text c="dimmed">{messages.employees.noData}</Text>}
      {!!uploaded.data?.length && (
        <ScrollArea type="auto">
          <Table striped miw={560} data-testid="uploaded-employees">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Employee ID</Table.Th>
                <Table.Th>Email</Table.Th>
                <Table.Th>Hourly Rate</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {uploaded.data.slice(0, shown).map((u) => (
                <Table.Tr key={u.id}>
                  <Table.Td>{u.name}</Table.Td>
                  <Table.Td>{u.employee_id}</Table.Td>
                  <Table.Td>{u.email}</Table.Td>
                  <Table.Td>{money(u.hourly_rate)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
      {!!uploaded.data?.length && (
        <ShowMore shown={shown} total={uploaded.data.length} onMore={() => setShown((n) => n + LIST_STEP)} />
      )}
    </Stack>
  );
}

/** /ImportEmployees: template, fill in, check (nothing written), then import the valid rows. */
export default function ImportEmployees() {
  return (
    <AppPage title="Import Employees" size="lg">
      <SimpleGrid cols={1} spacing="md">
        <Step n={1} title="Download the template">
          <TemplateButton />
        </Step>
        <Step n={2} title="Fill it in">
          <Text size="sm">
            One employee per row, under the columns {IMPORT_COLUMNS.join(', ')}; your custom fields follow.
            Name, Employee ID and Department are required; a department that does not exist yet is created for
            you. An employee given a PIN is asked for it at time stations (Use Card or PIN).
          </Text>
        </Step>
        <Step n={3} title="Upload it">
          <Uploader />
        </Step>
      </SimpleGrid>
      <UploadedEmployees />
    </AppPage>
  );
}
