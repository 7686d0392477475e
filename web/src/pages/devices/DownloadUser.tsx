import {
  ActionIcon,
  Anchor,
  Button,
  Card,
  Code,
  CopyButton,
  Group,
  Image,
  List,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
  Tooltip,
} from '@mantine/core';
import {
  IconBrandAndroid,
  IconBrandApple,
  IconCheck,
  IconCopy,
  IconDeviceDesktop,
  type Icon,
} from '@tabler/icons-react';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { AppPage, PageCard } from '../../components/AppPage';

interface Platform {
  name: string;
  browser: string;
  icon: Icon;
  steps: string[];
}

const PLATFORMS: Platform[] = [
  {
    name: 'iPhone and iPad',
    browser: 'Safari',
    icon: IconBrandApple,
    steps: [
      'Scan the QR code with the camera, or type the address into Safari.',
      'Tap the Share button (the square with an arrow).',
      'Choose Add to Home Screen, then Add.',
      'Open Punchclock from the home screen: it runs full screen, like an app.',
    ],
  },
  {
    name: 'Android phones and tablets',
    browser: 'Chrome',
    icon: IconBrandAndroid,
    steps: [
      'Scan the QR code with the camera, or type the address into Chrome.',
      'Tap Install when Chrome offers it, or open the ⋮ menu and choose Install app (Add to Home screen).',
      'Confirm with Install.',
      'Open Punchclock from the home screen or the app drawer.',
    ],
  },
  {
    name: 'Windows, Mac and Linux',
    browser: 'Chrome or Edge',
    icon: IconDeviceDesktop,
    steps: [
      'Open the address in Chrome or Edge on the PC at the door.',
      'Click the install icon at the right of the address bar (or the menu, then Install Punchclock).',
      'Confirm with Install: the station opens in its own window.',
      'Any other browser works too: keep the page open in full screen (F11).',
    ],
  },
];

/** The station's address as a QR code (an SVG data URL), drawn in the browser. */
function useQr(text: string): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 }).then((svg) => {
      if (live) setUrl(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
    });
    return () => {
      live = false;
    };
  }, [text]);
  return url;
}

/**
 * /DownloadUser (Devices → Download App): how to install the time station, a web app (PWA), on iOS, Android
 * and desktop, with a QR code that opens this site's /Station on the device.
 */
export default function DownloadUser() {
  const stationUrl = `${window.location.origin}/Station`;
  const qr = useQr(stationUrl);
  return (
    <AppPage
      title="Download the App"
      description="The time station is a web app: install it from the browser on any tablet, phone or PC. No app store, and it keeps working offline."
    >
      <Stack gap="xl">
        <PageCard>
          <Group align="center" gap="xl" wrap="wrap" justify="center">
            {qr ? (
              <Image
                src={qr}
                w={200}
                h={200}
                alt={`QR code that opens ${stationUrl}`}
                data-testid="station-qr"
              />
            ) : (
              <Skeleton w={200} h={200} />
            )}
            <Stack gap="sm" maw={460} style={{ flex: '1 1 260px' }}>
              <Title order={2} fz="lg">
                Scan to open the time station
              </Title>
              <Text c="dimmed">Point the device's camera at the code, or type this address:</Text>
              <Group gap="xs" wrap="nowrap">
                <Code fz="md" style={{ wordBreak: 'break-all' }} data-testid="station-url">
                  {stationUrl}
                </Code>
                <CopyButton value={stationUrl}>
                  {({ copied, copy }) => (
                    <Tooltip label={copied ? 'Copied' : 'Copy the address'}>
                      <ActionIcon variant="subtle" size="lg" onClick={copy} aria-label="Copy the address">
                        {copied ? <IconCheck size={18} /> : <IconCopy size={18} />}
                      </ActionIcon>
                    </Tooltip>
                  )}
                </CopyButton>
              </Group>
              <Text fz="sm">
                Then pair it: on{' '}
                <Anchor component={Link} to="/Device" underline="always">
                  Devices
                </Anchor>
                , choose Add station and a pairing code, and type the code on the new station.
              </Text>
            </Stack>
          </Group>
        </PageCard>
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
          {PLATFORMS.map((p) => (
            <Card key={p.name} withBorder radius="lg" padding="lg">
              <Group gap="sm" mb="sm" wrap="nowrap">
                <ThemeIcon size={44} radius="md" variant="light">
                  <p.icon size={26} />
                </ThemeIcon>
                <div>
                  <Title order={2} fz="md">
                    {p.name}
                  </Title>
                  <Text fz="sm" c="dimmed">
                    In {p.browser}
                  </Text>
                </div>
              </Group>
              <List type="ordered" spacing="xs" fz="sm">
                {p.steps.map((s) => (
                  <List.Item key={s}>{s}</List.Item>
                ))}
              </List>
            </Card>
          ))}
        </SimpleGrid>
        <Group justify="center">
          <Button component={Link} to="/Device" variant="light">
            Back to Devices
          </Button>
        </Group>
      </Stack>
    </AppPage>
  );
}
