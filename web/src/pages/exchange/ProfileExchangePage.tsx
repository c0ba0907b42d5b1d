import { Alert, Avatar, Button, Group, Loader, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCamera, IconCircleCheck, IconDeviceMobile, IconHash, IconNfc, IconPencil, IconPlayerStop, IconQrcode } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';

import { MemberPageShell, MemberPanel } from '../../components/MemberPage';
import { notify } from '../../features/auth/notify';
import { connect, getExchangePayload, readPayload, refusal } from '../../features/connections/api';
import { nfcCapability, type NfcCapability, nfcErrorMessage, readTag, writeTag } from '../../features/connections/nfc';
import { useProfile } from '../../features/profile/api';
import type { SearchResult } from '../../features/search/api';
import { RequireMember } from '../moment/RequireMember';
import { MyQrCode } from './MyQrCode';
import { QrScanner } from './QrScanner';
import { readableRed } from '../../components/alertStyles';

/** Spec part 3 §4: the NFC exchange's states. */
type Exchange =
  | { state: 'idle' }
  | { state: 'waiting'; task: 'read' | 'write' }
  | { state: 'exchanging' }
  | { state: 'success'; profile: SearchResult; already: boolean }
  | { state: 'error'; title: string; message: string };

const FAILED = 'Failed to process the received profile data.';

/** Connects with the payload read from a tag or a QR code; every outcome is a state and a toast (spec §8). */
function useExchange() {
  const [exchange, setExchange] = useState<Exchange>({ state: 'idle' });
  const receive = useCallback(async (text: string) => {
    const payload = readPayload(text);
    const token = payload?.token ?? new URLSearchParams(text.split('#')[1] ?? '').get('token');
    if (!token) {
      setExchange({ state: 'error', title: 'Exchange Failed', message: FAILED });
      notify('error', 'Exchange Failed', FAILED);
      return;
    }
    setExchange({ state: 'exchanging' });
    try {
      const { status, profile } = await connect({ token });
      const already = status === 'already_connected';
      setExchange({ state: 'success', profile, already });
      if (already) notify('info', 'Already Connected', `${profile.name} is already in your liked profiles.`);
      else notify('success', 'Profile Exchange Successful', `${profile.name} was added to your liked profiles.`);
    } catch (error) {
      const [title, message] = refusal(error, 'Exchange Failed');
      setExchange({ state: 'error', title, message });
      notify('error', title, message);
    }
  }, []);
  return { exchange, setExchange, receive };
}

function Outcome({ exchange, onAgain }: { exchange: Exchange; onAgain: () => void }) {
  if (exchange.state === 'exchanging') {
    return (
      <Group gap="sm" role="status">
        <Loader size="sm" color="violet" />
        <Text>Exchanging profiles…</Text>
      </Group>
    );
  }
  if (exchange.state === 'success') {
    const { profile, already } = exchange;
    return (
      <Alert color="violet" radius="lg" icon={<IconCircleCheck size={18} />} title={already ? 'Already Connected' : 'Profile Exchange Successful'}>
        <Stack gap="sm">
          <Group gap="sm" wrap="nowrap">
            <Avatar src={profile.avatarUrl} alt="" radius="xl" color="violet">
              {profile.name.slice(0, 1)}
            </Avatar>
            <Text size="sm">
              <Text span fw={700}>
                {profile.name}, {profile.age}
              </Text>{' '}
              {already ? 'is already in your liked profiles.' : 'is now in your liked profiles. Show them your code so they can add you too.'}
            </Text>
          </Group>
          <Group gap="sm">
            <Button size="compact-md" color="violet" onClick={onAgain}>
              Exchange Again
            </Button>
            <Button size="compact-md" variant="default" component={Link} to="/general">
              Liked profiles
            </Button>
          </Group>
        </Stack>
      </Alert>
    );
  }
  if (exchange.state === 'error') {
    return (
      <Alert color="red" radius="lg" icon={<IconAlertTriangle size={18} />} title={exchange.title} styles={readableRed}>
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{exchange.message}</Text>
          <Button size="compact-md" variant="light" color="red" onClick={onAgain}>
            Exchange Again
          </Button>
        </Stack>
      </Alert>
    );
  }
  return null;
}

function NfcTab({ ready }: { ready: boolean }) {
  const [capability, setCapability] = useState<NfcCapability | null>(null);
  const [scanning, setScanning] = useState(false);
  const { exchange, setExchange, receive } = useExchange();
  const abort = useRef<AbortController | null>(null);

  useEffect(() => {
    void nfcCapability().then(setCapability);
    return () => abort.current?.abort();
  }, []);
  // A tag written by this page opens it with #token=… on a phone without it open.
  useEffect(() => {
    if (ready && window.location.hash.includes('token=')) {
      const text = window.location.hash;
      window.history.replaceState(null, '', window.location.pathname + window.location.search);
      void receive(text);
    }
  }, [ready, receive]);

  const stop = () => {
    abort.current?.abort();
    setExchange({ state: 'idle' });
  };
  const nfcFailed = (error: unknown) => {
    if (abort.current?.signal.aborted) return;
    const message = nfcErrorMessage(error);
    setExchange({ state: 'error', title: 'NFC Error', message });
    notify('error', 'NFC Error', message);
  };
  const start = async () => {
    abort.current = new AbortController();
    setExchange({ state: 'waiting', task: 'read' });
    try {
      const text = await readTag(abort.current.signal);
      await receive(text);
    } catch (error) {
      nfcFailed(error);
    }
  };
  const write = async () => {
    abort.current = new AbortController();
    setExchange({ state: 'waiting', task: 'write' });
    try {
      const { payload } = await getExchangePayload();
      await writeTag(payload, abort.current.signal);
      setExchange({ state: 'idle' });
      notify('success', 'Card written', 'Anyone who taps this tag in the next 10 minutes can connect with you.');
    } catch (error) {
      nfcFailed(error);
    }
  };

  const scanned = useCallback(
    (text: string) => {
      setScanning(false);
      void receive(text);
    },
    [receive],
  );

  if (!ready) {
    return (
      <Alert color="violet" radius="lg" title="Profile Not Ready" icon={<IconAlertTriangle size={18} />}>
        <Stack gap="sm" align="flex-start">
          <Text size="sm">Complete your profile first, so the people you meet see who you are.</Text>
          <Button component={Link} to="/onboarding" size="compact-md" color="violet">
            Complete my profile
          </Button>
        </Stack>
      </Alert>
    );
  }

  return (
    <Stack gap="lg">
      <MemberPanel label="NFC">
        <Stack gap="sm">
          <Title order={2} fz={20}>
            Tap with NFC
          </Title>
          {capability === null ? <Loader size="sm" color="violet" aria-label="Checking NFC" /> : null}
          {capability === 'unsupported' ? (
            <Alert color="gray" radius="lg" title="NFC Not Supported" icon={<IconNfc size={18} />}>
              This browser cannot use NFC (it works in Chrome on Android). Use the QR code below instead: it works on every phone.
            </Alert>
          ) : null}
          {capability === 'denied' ? (
            <Alert color="violet" radius="lg" title="NFC is turned off" icon={<IconNfc size={18} />}>
              Enable NFC for this site in your browser settings, then come back.
            </Alert>
          ) : null}
          {capability === 'ready' && exchange.state === 'idle' ? (
            <Stack gap="xs">
              <Text size="sm" c="dimmed">
                Phones cannot read each other directly: one of you writes their card to a blank NFC tag or sticker, the other taps it.
              </Text>
              <Group gap="sm">
                <Button color="violet" leftSection={<IconDeviceMobile size={16} />} onClick={() => void start()}>
                  Start Exchange
                </Button>
                <Button variant="default" leftSection={<IconPencil size={16} />} onClick={() => void write()}>
                  Write my card to a tag
                </Button>
              </Group>
            </Stack>
          ) : null}
          {exchange.state === 'waiting' ? (
            <Stack gap="xs" role="status">
              <Group gap="sm">
                <Loader size="sm" color="violet" />
                <Text fw={700}>{exchange.task === 'read' ? 'Waiting for a tag…' : 'Hold a blank tag to your phone…'}</Text>
              </Group>
              <Text size="sm" c="dimmed">
                Hold the phone and the tag together for 2-3 seconds.
              </Text>
              <Button variant="default" leftSection={<IconPlayerStop size={16} />} onClick={stop} style={{ alignSelf: 'flex-start' }}>
                Stop
              </Button>
            </Stack>
          ) : null}
          <Outcome exchange={exchange} onAgain={() => setExchange({ state: 'idle' })} />
        </Stack>
      </MemberPanel>

      <MemberPanel label="QR code">
        <Stack gap="sm">
          <Title order={2} fz={20}>
            Exchange by QR code
          </Title>
          <Text size="sm" c="dimmed">
            Show your code and scan theirs: each of you adds the other. Codes carry your public card only, never your contact details.
          </Text>
          <MyQrCode />
          <Button variant="light" color="violet" leftSection={<IconCamera size={16} />} onClick={() => setScanning(true)} style={{ alignSelf: 'center' }}>
            Scan their code
          </Button>
        </Stack>
      </MemberPanel>
      <QrScanner
        opened={scanning}
        onClose={() => setScanning(false)}
        onCode={scanned}
      />
    </Stack>
  );
}

function CodeTab({ code }: { code: string | null }) {
  return (
    <MemberPanel label="Code">
      <Stack gap="sm" align="flex-start">
        <Title order={2} fz={20}>
          Your profile code
        </Title>
        <Text fz={32} fw={800} ff="monospace" style={{ letterSpacing: '0.12em' }} data-testid="own-code">
          {code ?? 'Generating...'}
        </Text>
        <Text size="sm" c="dimmed">
          Tell it to someone so they can find you, or type theirs.
        </Text>
        <Button component={Link} to="/code-search" color="violet" leftSection={<IconHash size={16} />}>
          Find someone by code
        </Button>
      </Stack>
    </MemberPanel>
  );
}

/** /nfc-profile-exchange (spec part 3, NFC profile exchange page). */
export function ProfileExchangePage() {
  return (
    <RequireMember>
      {(_user, session) => <Exchange ready={session.profileComplete} />}
    </RequireMember>
  );
}

function Exchange({ ready }: { ready: boolean }) {
  const { profile } = useProfile();
  useEffect(() => {
    if (!ready) notify('info', 'Profile Not Ready', 'Please complete your profile first.');
  }, [ready]);
  return (
    <MemberPageShell title="Exchange Profiles" subtitle="Connect with someone standing next to you." back="/settings?section=general">
      <Tabs defaultValue="nfc" color="violet" keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="nfc" leftSection={<IconQrcode size={16} />}>
            NFC
          </Tabs.Tab>
          <Tabs.Tab value="code" leftSection={<IconHash size={16} />}>
            Code
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="nfc">
          <NfcTab ready={ready} />
        </Tabs.Panel>
        <Tabs.Panel value="code">
          <CodeTab code={profile?.user_code ?? null} />
        </Tabs.Panel>
      </Tabs>
    </MemberPageShell>
  );
}
