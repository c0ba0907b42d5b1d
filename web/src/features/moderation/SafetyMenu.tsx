import { ActionIcon, Button, Group, Menu, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import { IconBan, IconDots, IconFlag } from '@tabler/icons-react';
import { useState } from 'react';
import { mutate } from 'swr';

import { errorMessage, notify } from '../auth/notify';
import { block, BLOCKS_KEY, REPORT_REASONS, type ReportEvidence, type ReportReason, sendReport } from './api';
import classes from './SafetyMenu.module.css';

interface Props {
  profileId: string;
  name: string;
  /** What the report keeps as evidence (a message, a moment); without it, the profile. */
  evidence?: ReportEvidence;
  /** `card`: the button sits on a picture (a moment in the feed), a round white target. */
  look?: 'subtle' | 'card';
  /** After a block: the caller closes or removes what showed the member. */
  onBlocked?: () => void;
}

const about = (name: string, evidence?: ReportEvidence) => (evidence && !('messageId' in evidence) ? `${name}'s moment` : name);

/**
 * The ⋯ menu on a profile, a message or a moment in the feed: Report (a reason and an optional
 * note, with the message or moment kept as evidence) and Block (hides both members from each other
 * everywhere; undone from General). Never behind the paywall.
 */
export function SafetyMenu({ profileId, name, evidence, look = 'subtle', onBlocked }: Props) {
  const subject = about(name, evidence);
  const [dialog, setDialog] = useState<'report' | 'block' | null>(null);
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);

  const close = () => {
    setDialog(null);
    setReason(null);
    setNote('');
  };

  const report = async () => {
    if (!reason) return;
    setBusy(true);
    try {
      await sendReport({ profileId, reason, note: note.trim() || undefined, evidence });
      notify('success', 'Report sent', `Thank you. We review reports within 24 hours. You can also block ${name}.`);
      close();
    } catch (error) {
      notify('error', 'Report not sent', errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  const confirmBlock = async () => {
    setBusy(true);
    try {
      await block(profileId);
      await mutate(BLOCKS_KEY);
      notify('success', 'Blocked', `You and ${name} will no longer see each other. You can undo this in General.`);
      close();
      onBlocked?.();
    } catch (error) {
      notify('error', 'Could not block', errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          {look === 'card' ? (
            <ActionIcon variant="white" color="dark" radius="xl" size={32} className={classes.onCard} aria-label={`More actions for ${subject}`}>
              <IconDots size={18} />
            </ActionIcon>
          ) : (
            <ActionIcon variant="subtle" color="gray" size="lg" aria-label={`More actions for ${subject}`}>
              <IconDots size={20} />
            </ActionIcon>
          )}
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item leftSection={<IconFlag size={16} />} onClick={() => setDialog('report')}>
            Report
          </Menu.Item>
          <Menu.Item color="red.9" leftSection={<IconBan size={16} />} onClick={() => setDialog('block')}>
            Block
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>

      <Modal opened={dialog === 'report'} onClose={close} title={`Report ${subject}`} centered radius="lg">
        <Stack gap="md">
          <Text size="sm">
            {!evidence
              ? 'Tell us what is wrong. Reports are reviewed within 24 hours and never shown to the member.'
              : `This ${'messageId' in evidence ? 'message' : 'moment'} is sent to the administrator with your report.`}
          </Text>
          <Select label="Reason" placeholder="Choose a reason" data={REPORT_REASONS.map((r) => ({ ...r }))} value={reason} onChange={(value) => setReason(value as ReportReason | null)} required comboboxProps={{ withinPortal: true }} />
          <Textarea label="Note (optional)" value={note} onChange={(event) => setNote(event.currentTarget.value)} maxLength={1000} autosize minRows={3} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button color="red.9" onClick={() => void report()} loading={busy} disabled={!reason}>
              Send report
            </Button>
          </Group>
        </Stack>
      </Modal>

      <Modal opened={dialog === 'block'} onClose={close} title={`Block ${name}?`} centered radius="lg">
        <Stack gap="md">
          <Text size="sm">You will not see each other in search or the feed, and their messages will not reach you. They are not told. You can unblock them in General.</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button color="red.9" onClick={() => void confirmBlock()} loading={busy}>
              Block
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
