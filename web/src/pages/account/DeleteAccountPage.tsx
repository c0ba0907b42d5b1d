import { Alert, Anchor, Box, Button, Container, Group, List, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertTriangle, IconDownload } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';

import { Logo } from '../../components/landing/Logo';
import { RequireCompleteMember } from '../../components/MemberPage';
import { DELETE_PHRASE, deleteAccount, exportUrl, SIGN_OUT_DELAY_MS } from '../../features/account/api';
import { signedOutSession } from '../../features/auth/api';
import { errorMessage, errorStatus, notify } from '../../features/auth/notify';
import { isStepUpCancelled, useStepUp } from '../../features/auth/stepUp';
import { useSession } from '../../features/auth/useSession';
import { productName } from '../../product';

const CONSEQUENCES = [
  'Your profile disappears from search, the feed, liked lists and touchpoints at once.',
  'You are signed out on every device, and nobody can write to your mailbox address.',
  'Your profile, moments, messages, chats, likes and searches are removed for good after 90 days.',
  'Premium time left on the account is lost.',
  'You can register again with the same e-mail address at any time.',
];

function DeleteAccountForm({ onDeleted }: { onDeleted: () => void }) {
  const [typed, setTyped] = useState('');
  const [deleting, setDeleting] = useState(false);
  const matches = typed === DELETE_PHRASE;
  const stepUp = useStepUp('Enter your password to delete your account.');

  const submit = async () => {
    if (!matches) {
      notify('error', 'Delete Account', 'Please type the confirmation text exactly as shown');
      return;
    }
    setDeleting(true);
    try {
      // The phrase, and then proof that it is the member, just now (the step-up dialog).
      const receipt = await stepUp.run((currentPassword) => deleteAccount(typed, currentPassword));
      notify('success', 'Account deleted', receipt.message);
      onDeleted();
    } catch (failure) {
      if (!isStepUpCancelled(failure)) {
        const status = errorStatus(failure);
        notify('error', 'Delete Account', status === 401 ? 'Please log in again to delete your account' : `Failed to delete account: ${errorMessage(failure) || 'Unknown error'}`);
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
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={20} />} title="This cannot be undone">
            Deleting your account is permanent once the 90 days have passed.
          </Alert>
          <Stack gap={4}>
            <Text fw={700}>What happens</Text>
            <List size="sm" spacing={4}>
              {CONSEQUENCES.map((line) => (
                <List.Item key={line}>{line}</List.Item>
              ))}
            </List>
          </Stack>
          <Text size="sm">
            Want a copy first?{' '}
            <Anchor href={exportUrl} download fw={600}>
              <IconDownload size={14} style={{ verticalAlign: '-2px' }} aria-hidden /> Download my data
            </Anchor>
          </Text>
          <TextInput
            label={
              <>
                Type <strong>{DELETE_PHRASE}</strong> to confirm
              </>
            }
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
            autoComplete="off"
            spellCheck={false}
            data-testid="delete-confirmation"
          />
          <Group justify="flex-end" gap="sm">
            <Button component={Link} to="/general" variant="default">
              Cancel
            </Button>
            <Button type="submit" color="red.8" disabled={!matches} loading={deleting}>
              Delete my account
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
  const navigate = useNavigate();
  const { mutate } = useSession();
  const [deleted, setDeleted] = useState(false);

  useEffect(() => {
    document.title = `Delete Account · ${productName}`;
  }, []);

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
          <Anchor component={Link} to="/general" underline="never" aria-label={`${productName}: back to General settings`} style={{ alignSelf: 'flex-start' }}>
            <Logo />
          </Anchor>
          <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
            <Stack gap="md">
              <Title order={1} fz={{ base: 24, sm: 30 }}>
                Delete Account
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
        Your account is scheduled for deletion. You will be signed out in a moment.
      </Text>,
    );
  }
  return <RequireCompleteMember>{() => page(<DeleteAccountForm onDeleted={() => setDeleted(true)} />)}</RequireCompleteMember>;
}
