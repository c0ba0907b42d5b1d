import { Alert, Anchor, Box, Button, Container, Group, List, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertTriangle, IconDownload } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';

import { Logo } from '../../components/landing/Logo';
import { RequireCompleteMember } from '../../components/MemberPage';
import { DELETE_PHRASE, deleteAccount, exportUrl, SIGN_OUT_DELAY_MS } from '../../features/account/api';
import { signedOutSession } from '../../features/auth/api';
import { errorMessage, errorStatus, notify } from '../../features/auth/notify';
import { isStepUpCancelled, useStepUp } from '../../features/auth/stepUp';
import { useSession } from '../../features/auth/useSession';
import { productName } from '../../product';

/** What deleting does, in order (keys of the account catalogue). */
const CONSEQUENCES = ['delete.consequences.hidden', 'delete.consequences.signedOut', 'delete.consequences.removed', 'delete.consequences.premium', 'delete.consequences.again'] as const;

function DeleteAccountForm({ onDeleted }: { onDeleted: () => void }) {
  const { t } = useTranslation('account');
  const [typed, setTyped] = useState('');
  const [deleting, setDeleting] = useState(false);
  const matches = typed === DELETE_PHRASE;
  const stepUp = useStepUp(t('delete.stepUp'));

  const submit = async () => {
    if (!matches) {
      notify('error', t('delete.title'), t('delete.typeExactly'));
      return;
    }
    setDeleting(true);
    try {
      // The phrase, and then proof that it is the member, just now (the step-up dialog).
      const receipt = await stepUp.run((currentPassword) => deleteAccount(typed, currentPassword));
      notify('success', t('delete.deleted'), receipt.message);
      onDeleted();
    } catch (failure) {
      if (!isStepUpCancelled(failure)) {
        const status = errorStatus(failure);
        notify('error', t('delete.title'), status === 401 ? t('delete.loginAgain') : t('delete.failed', { reason: errorMessage(failure) || t('delete.unknownError') }));
      }
      setDeleting(false);
    }
  };

  return (
    <>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="md">
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={20} />} title={t('delete.alertTitle')}>
            {t('delete.alertBody')}
          </Alert>
          <Stack gap={4}>
            <Text fw={700}>{t('delete.whatHappens')}</Text>
            <List size="sm" spacing={4}>
              {CONSEQUENCES.map((line) => (
                <List.Item key={line}>{t(line)}</List.Item>
              ))}
            </List>
          </Stack>
          <Text size="sm">
            {t('delete.copyFirst')}{' '}
            <Anchor href={exportUrl} download fw={600}>
              <IconDownload size={14} style={{ verticalAlign: '-2px' }} aria-hidden /> {t('delete.download')}
            </Anchor>
          </Text>
          <TextInput
            label={
              // The phrase itself stays English in every language: the server checks it exactly.
              <Trans t={t} i18nKey="delete.typeToConfirm" values={{ phrase: DELETE_PHRASE }} components={{ strong: <strong /> }} />
            }
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
            autoComplete="off"
            spellCheck={false}
            data-testid="delete-confirmation"
          />
          <Group justify="flex-end" gap="sm">
            <Button component={Link} to="/general" variant="default">
              {t('delete.cancel')}
            </Button>
            <Button type="submit" color="red.8" disabled={!matches} loading={deleting}>
              {t('delete.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
      {/* Outside the form: the dialog's own form must not submit this one (React events cross portals). */}
      {stepUp.dialog}
    </>
  );
}

/** /delete-account (spec part 3 page 6). After a deletion: the toast, then after 2 s signed out and home. */
export function DeleteAccountPage() {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const { mutate } = useSession();
  const [deleted, setDeleted] = useState(false);

  useEffect(() => {
    document.title = t('delete.documentTitle', { product: productName });
  }, [t]);

  useEffect(() => {
    if (!deleted) return;
    const timer = setTimeout(() => {
      void navigate('/', { replace: true });
      void mutate(signedOutSession, { revalidate: false });
    }, SIGN_OUT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [deleted, navigate, mutate]);

  const page = (body: React.ReactNode) => (
    <Box mih="100dvh" bg="gray.0">
      <Container size={560} py={{ base: 24, sm: 48 }} component="main">
        <Stack gap="lg">
          <Anchor component={Link} to="/general" underline="never" aria-label={t('delete.backLabel', { product: productName })} style={{ alignSelf: 'flex-start' }}>
            <Logo />
          </Anchor>
          <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
            <Stack gap="md">
              <Title order={1} fz={{ base: 24, sm: 30 }}>
                {t('delete.title')}
              </Title>
              {body}
            </Stack>
          </Paper>
        </Stack>
      </Container>
    </Box>
  );

  if (deleted) {
    return page(
      <Text role="status">
        {t('delete.scheduled')}
      </Text>,
    );
  }
  return <RequireCompleteMember>{() => page(<DeleteAccountForm onDeleted={() => setDeleted(true)} />)}</RequireCompleteMember>;
}
