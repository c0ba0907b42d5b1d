import { ActionIcon, Button, Group, Menu, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import { IconBan, IconDots, IconFlag } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
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


/**
 * The ⋯ menu on a profile, a message or a moment in the feed: Report (a reason and an optional
 * note, with the message or moment kept as evidence) and Block (hides both members from each other
 * everywhere; undone from General). Never behind the paywall.
 */
export function SafetyMenu({ profileId, name, evidence, look = 'subtle', onBlocked }: Props) {
  const { t } = useTranslation('moderation');
  // A moment is reported as "Ana's moment"; a message or a profile by the member's name.
  const subject = evidence && !('messageId' in evidence) ? t('subject.moment', { name }) : name;
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
      notify('success', t('report.sentTitle'), t('report.sentText', { name }));
      close();
    } catch (error) {
      notify('error', t('report.notSentTitle'), errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  const confirmBlock = async () => {
    setBusy(true);
    try {
      await block(profileId);
      await mutate(BLOCKS_KEY);
      notify('success', t('block.doneTitle'), t('block.doneText', { name }));
      close();
      onBlocked?.();
    } catch (error) {
      notify('error', t('block.failedTitle'), errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          {look === 'card' ? (
            <ActionIcon variant="white" color="dark" radius="xl" size={32} className={classes.onCard} aria-label={t('menu.more', { subject })}>
              <IconDots size={18} />
            </ActionIcon>
          ) : (
            <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t('menu.more', { subject })}>
              <IconDots size={20} />
            </ActionIcon>
          )}
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item leftSection={<IconFlag size={16} />} onClick={() => setDialog('report')}>
            {t('menu.report')}
          </Menu.Item>
          <Menu.Item color="red.9" leftSection={<IconBan size={16} />} onClick={() => setDialog('block')}>
            {t('menu.block')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>

      <Modal opened={dialog === 'report'} onClose={close} title={t('report.title', { subject })} centered radius="lg">
        <Stack gap="md">
          <Text size="sm">
            {!evidence
              ? t('report.intro')
              : 'messageId' in evidence
                ? t('report.evidenceMessage')
                : t('report.evidenceMoment')}
          </Text>
          <Select
            label={t('report.reason')}
            placeholder={t('report.chooseReason')}
            data={REPORT_REASONS.map((r) => ({ value: r.value, label: t(`reasons.${r.value}`) }))}
            value={reason}
            onChange={(value) => setReason(value as ReportReason | null)}
            required
            comboboxProps={{ withinPortal: true }}
          />
          <Textarea label={t('report.note')} value={note} onChange={(event) => setNote(event.currentTarget.value)} maxLength={1000} autosize minRows={3} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('report.cancel')}
            </Button>
            <Button color="red.9" onClick={() => void report()} loading={busy} disabled={!reason}>
              {t('report.send')}
            </Button>
          </Group>
        </Stack>
      </Modal>

      <Modal opened={dialog === 'block'} onClose={close} title={t('block.title', { name })} centered radius="lg">
        <Stack gap="md">
          <Text size="sm">{t('block.text')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('block.cancel')}
            </Button>
            <Button color="red.9" onClick={() => void confirmBlock()} loading={busy}>
              {t('block.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
