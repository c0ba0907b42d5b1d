import { Alert, Avatar, Button, Group, Loader, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCamera, IconCircleCheck, IconDeviceMobile, IconHash, IconNfc, IconPencil, IconPlayerStop, IconQrcode } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
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

/** Connects with the payload read from a tag or a QR code; every outcome is a state and a toast (spec §8). */
function useExchange() {
  const [exchange, setExchange] = useState<Exchange>({ state: 'idle' });
  const { t } = useTranslation('exchange');
  const receive = useCallback(async (text: string) => {
    const payload = readPayload(text);
    const token = payload?.token ?? new URLSearchParams(text.split('#')[1] ?? '').get('token');
    if (!token) {
      setExchange({ state: 'error', title: t('nfc.exchangeFailedTitle'), message: t('nfc.failed') });
      notify('error', t('nfc.exchangeFailedTitle'), t('nfc.failed'));
      return;
    }
    setExchange({ state: 'exchanging' });
    try {
      const { status, profile } = await connect({ token });
      const already = status === 'already_connected';
      setExchange({ state: 'success', profile, already });
      if (already) notify('info', t('nfc.alreadyTitle'), t('nfc.already', { name: profile.name }));
      else notify('success', t('nfc.successTitle'), t('nfc.success', { name: profile.name }));
    } catch (error) {
      const [title, message] = refusal(error, t('nfc.exchangeFailedTitle'));
      setExchange({ state: 'error', title, message });
      notify('error', title, message);
    }
  }, [t]);
  return { exchange, setExchange, receive };
}

function Outcome({ exchange, onAgain }: { exchange: Exchange; onAgain: () => void }) {
  const { t } = useTranslation('exchange');
  if (exchange.state === 'exchanging') {
    return (
      <Group gap="sm" role="status">
        <Loader size="sm" color="violet" />
        <Text>{t('nfc.exchanging')}</Text>
      </Group>
    );
  }
  if (exchange.state === 'success') {
    const { profile, already } = exchange;
    return (
      <Alert color="violet" radius="lg" icon={<IconCircleCheck size={18} />} title={already ? t('nfc.alreadyTitle') : t('nfc.successTitle')}>
        <Stack gap="sm">
          <Group gap="sm" wrap="nowrap">
            <Avatar src={profile.avatarUrl} alt="" radius="xl" color="violet">
              {profile.name.slice(0, 1)}
            </Avatar>
            <Text size="sm">
              <Text span fw={700}>
                {profile.name}, {profile.age}
              </Text>{' '}
              {already ? t('nfc.alreadyAfterName') : t('nfc.nowAfterName')}
            </Text>
          </Group>
          <Group gap="sm">
            <Button size="compact-md" color="violet" onClick={onAgain}>
              {t('nfc.again')}
            </Button>
            <Button size="compact-md" variant="default" component={Link} to="/general">
              {t('nfc.liked')}
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
            {t('nfc.again')}
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
  const { t } = useTranslation('exchange');

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
    setExchange({ state: 'error', title: t('nfc.errorTitle'), message });
    notify('error', t('nfc.errorTitle'), message);
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
      notify('success', t('nfc.writtenTitle'), t('nfc.written'));
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
      <Alert color="violet" radius="lg" title={t('nfc.notReadyTitle')} icon={<IconAlertTriangle size={18} />}>
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{t('nfc.notReady')}</Text>
          <Button component={Link} to="/onboarding" size="compact-md" color="violet">
            {t('nfc.completeProfile')}
          </Button>
        </Stack>
      </Alert>
    );
  }

  return (
    <Stack gap="lg">
      <MemberPanel label={t('nfc.panel')}>
        <Stack gap="sm">
          <Title order={2} fz={20}>
            {t('nfc.tapTitle')}
          </Title>
          {capability === null ? <Loader size="sm" color="violet" aria-label={t('nfc.checking')} /> : null}
          {capability === 'unsupported' ? (
            <Alert color="gray" radius="lg" title={t('nfc.unsupportedTitle')} icon={<IconNfc size={18} />}>
              {t('nfc.unsupported')}
            </Alert>
          ) : null}
          {capability === 'denied' ? (
            <Alert color="violet" radius="lg" title={t('nfc.deniedTitle')} icon={<IconNfc size={18} />}>
              {t('nfc.denied')}
            </Alert>
          ) : null}
          {capability === 'ready' && exchange.state === 'idle' ? (
            <Stack gap="xs">
              <Text size="sm" c="dimmed">
                {t('nfc.howTo')}
              </Text>
              <Group gap="sm">
                <Button color="violet" leftSection={<IconDeviceMobile size={16} />} onClick={() => void start()}>
                  {t('nfc.start')}
                </Button>
                <Button variant="default" leftSection={<IconPencil size={16} />} onClick={() => void write()}>
                  {t('nfc.write')}
                </Button>
              </Group>
            </Stack>
          ) : null}
          {exchange.state === 'waiting' ? (
            <Stack gap="xs" role="status">
              <Group gap="sm">
                <Loader size="sm" color="violet" />
                <Text fw={700}>{exchange.task === 'read' ? t('nfc.waitingRead') : t('nfc.waitingWrite')}</Text>
              </Group>
              <Text size="sm" c="dimmed">
                {t('nfc.hold')}
              </Text>
              <Button variant="default" leftSection={<IconPlayerStop size={16} />} onClick={stop} style={{ alignSelf: 'flex-start' }}>
                {t('nfc.stop')}
              </Button>
            </Stack>
          ) : null}
          <Outcome exchange={exchange} onAgain={() => setExchange({ state: 'idle' })} />
        </Stack>
      </MemberPanel>

      <MemberPanel label={t('nfc.qrPanel')}>
        <Stack gap="sm">
          <Title order={2} fz={20}>
            {t('nfc.qrTitle')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('nfc.qrText')}
          </Text>
          <MyQrCode />
          <Button variant="light" color="violet" leftSection={<IconCamera size={16} />} onClick={() => setScanning(true)} style={{ alignSelf: 'center' }}>
            {t('nfc.scan')}
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
  const { t } = useTranslation('exchange');
  return (
    <MemberPanel label={t('nfc.codePanel')}>
      <Stack gap="sm" align="flex-start">
        <Title order={2} fz={20}>
          {t('nfc.ownCode')}
        </Title>
        <Text fz={32} fw={800} ff="monospace" style={{ letterSpacing: '0.12em' }} data-testid="own-code">
          {code ?? t('nfc.generating')}
        </Text>
        <Text size="sm" c="dimmed">
          {t('nfc.tellIt')}
        </Text>
        <Button component={Link} to="/code-search" color="violet" leftSection={<IconHash size={16} />}>
          {t('nfc.findByCode')}
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
  const { t } = useTranslation('exchange');
  useEffect(() => {
    if (!ready) notify('info', t('nfc.notReadyTitle'), t('nfc.notReadyToast'));
    // Told once when the page opens, not again when the language changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ready]);
  return (
    <MemberPageShell title={t('page.title')} subtitle={t('page.subtitle')} back="/settings?section=general">
      <Tabs defaultValue="nfc" color="violet" keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="nfc" leftSection={<IconQrcode size={16} />}>
            {t('page.tabNfc')}
          </Tabs.Tab>
          <Tabs.Tab value="code" leftSection={<IconHash size={16} />}>
            {t('page.tabCode')}
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
