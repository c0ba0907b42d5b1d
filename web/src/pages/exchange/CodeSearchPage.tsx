import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconHeartHandshake, IconSearch } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { MemberPageShell, MemberPanel } from '../../components/MemberPage';
import { notify } from '../../features/auth/notify';
import { connect, findByCode, refusal } from '../../features/connections/api';
import type { SearchResult } from '../../features/search/api';
import { RequireMember } from '../moment/RequireMember';
import { PersonCard } from '../nfc/PersonCard';

/** Spec part 3 §9: the input holds at most 10 characters. */
const CODE_INPUT_MAX = 10;

function CodeSearch() {
  const [code, setCode] = useState('');
  const [searching, setSearching] = useState(false);
  const [connecting, setConnecting] = useState(false);
  const [found, setFound] = useState<{ profile: SearchResult; connected: boolean; code: string } | null>(null);
  const { t } = useTranslation('exchange');

  const search = async (event: FormEvent) => {
    event.preventDefault();
    const wanted = code.trim().toUpperCase();
    if (!wanted) {
      notify('info', t('code.enterTitle'), t('code.enter'));
      return;
    }
    setSearching(true);
    setFound(null);
    try {
      const result = await findByCode(wanted);
      setFound({ ...result, code: wanted });
    } catch (error) {
      const [title, message] = refusal(error, t('code.searchErrorTitle'));
      notify('error', title, message);
    } finally {
      setSearching(false);
    }
  };

  const connectTo = async () => {
    if (!found) return;
    setConnecting(true);
    try {
      const { status, profile } = await connect({ userCode: found.code });
      setFound({ ...found, profile, connected: true });
      if (status === 'already_connected') notify('info', t('code.alreadyTitle'), t('code.already', { name: profile.name }));
      else notify('success', t('code.connectedTitle'), t('code.connected', { name: profile.name }));
    } catch (error) {
      const [title, message] = refusal(error, t('code.connectFailedTitle'));
      notify('error', title, message);
    } finally {
      setConnecting(false);
    }
  };

  return (
    <MemberPageShell title={t('code.title')} subtitle={t('code.subtitle')} back="/nfc-profile-exchange?from=settings">
      <MemberPanel label={t('code.panel')}>
        <form onSubmit={(event) => void search(event)} noValidate>
          <Group align="flex-end" gap="sm" wrap="nowrap">
            <TextInput
              label={t('code.label')}
              placeholder="12345678"
              value={code}
              onChange={(event) => setCode(event.currentTarget.value)}
              maxLength={CODE_INPUT_MAX}
              inputMode="numeric"
              autoComplete="off"
              style={{ flex: 1 }}
            />
            <Button type="submit" color="violet" loading={searching} leftSection={<IconSearch size={16} />}>
              {t('code.search')}
            </Button>
          </Group>
        </form>
      </MemberPanel>
      {found ? (
        <Stack gap="sm" component="section" aria-label={t('code.result')}>
          <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            <PersonCard person={found.profile} />
          </ul>
          {found.connected ? (
            <Text c="teal.8" fw={700}>
              {t('code.inLiked', { name: found.profile.name })}
            </Text>
          ) : (
            <Button color="violet" leftSection={<IconHeartHandshake size={16} />} loading={connecting} onClick={() => void connectTo()} style={{ alignSelf: 'flex-start' }}>
              {t('code.connectWith', { name: found.profile.name })}
            </Button>
          )}
        </Stack>
      ) : null}
    </MemberPageShell>
  );
}

/** /code-search (spec part 3, Find-by-code page). */
export function CodeSearchPage() {
  return <RequireMember>{() => <CodeSearch />}</RequireMember>;
}
