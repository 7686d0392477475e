import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { REPORT_GROUPS, type ReportGroup } from '@punchclock/contract';
import { Link } from 'react-router';
import { useScopedAdministrator } from '../../api/auth';
import { fullReports, offeredTo, type ReportDefinition, simpleReports } from '../../api/reports';
import { AppPage } from '../../components/AppPage';

/**
 * The reports offered, by group in the registry's group order: the named ones, then the simple names that are
 * reports of their own (a simple name that only aliases a named report is left out, so none is offered twice).
 */
export function reportGroups(scoped: boolean): { group: ReportGroup; reports: ReportDefinition[] }[] {
  const simple = simpleReports().filter((r) => !(r as { aliasOf?: string }).aliasOf);
  const offered = offeredTo(scoped, [...fullReports(), ...simple]);
  return REPORT_GROUPS.map((group) => ({ group, reports: offered.filter((r) => r.group === group) })).filter(
    (g) => g.reports.length > 0,
  );
}

/** One report as a link to its form: its name and the question it answers. */
function ReportCard({ report }: { report: ReportDefinition }) {
  return (
    <Card
      component={Link}
      to={`/RunReport?${new URLSearchParams({ report: report.name }).toString()}`}
      withBorder
      padding="md"
      radius="md"
      // Mantine draws its focus ring only on elements that ask for it: a card reached by Tab shows where it is.
      className="mantine-focus-auto"
      style={{ color: 'inherit', textDecoration: 'none' }}
      data-testid={`report-card-${report.name}`}
    >
      <Text fw={700}>{report.title}</Text>
      <Text size="sm" c="dimmed" mt={4}>
        {report.description}
      </Text>
    </Card>
  );
}

/**
 * Reports (/ReportSelector): every report as a card, grouped by what it is about, each with one line
 * on what it answers; a card opens that report's form on /RunReport.
 */
export default function ReportSelector() {
  const scoped = useScopedAdministrator();
  return (
    <AppPage title="Reports" description="Choose a report to run over your employees' time and your account.">
      <Stack gap="xl">
        {reportGroups(scoped).map(({ group, reports }) => (
          <section key={group} aria-labelledby={`report-group-${group}`}>
            <Title order={2} size="h4" mb="sm" id={`report-group-${group}`}>
              {group}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
              {reports.map((r) => (
                <ReportCard key={r.name} report={r} />
              ))}
            </SimpleGrid>
          </section>
        ))}
      </Stack>
    </AppPage>
  );
}
