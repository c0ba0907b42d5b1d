import { Button, Group, Loader, Modal, Paper, Stack, Text, Textarea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCornerDownRight, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { type TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

import { ApiError } from '../../api/client';
import { notify } from '../../features/auth/notify';
import { COMMENT_MAX, deleteComment, type LocationComment, postComment, useComments } from '../../features/touchpoints/comments';
import { useFormat } from '../../i18n/useFormat';

type T = TFunction<'touchpoints'>;

const authorLabel = (c: LocationComment, t: T) => (c.mine ? t('comments.you') : c.author === 'member' ? t('comments.member') : t('comments.visitor'));

/** A 429 or a refused text has the server's own words; anything else the spec's. */
function postFailure(error: unknown, t: T): string {
  return error instanceof ApiError && (error.status === 429 || error.status === 400) ? error.message : t('comments.postFailed');
}

function Composer({ label, placeholder, action, submit, onDone }: { label: string; placeholder: string; action: string; submit: (text: string) => Promise<void>; onDone?: () => void }) {
  const [text, setText] = useState('');
  const [posting, setPosting] = useState(false);
  const trimmed = text.trim();
  const send = async () => {
    setPosting(true);
    try {
      await submit(trimmed);
      setText('');
      onDone?.();
    } catch {
      // The toast said why; the text stays for another try.
    } finally {
      setPosting(false);
    }
  };
  return (
    <Stack gap={6}>
      <Textarea
        label={label}
        placeholder={placeholder}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        maxLength={COMMENT_MAX}
        autosize
        minRows={2}
        maxRows={6}
        description={`${String([...trimmed].length)} / ${String(COMMENT_MAX)}`}
      />
      <Group justify="flex-end">
        <Button size="compact-md" color="violet" disabled={trimmed === ''} loading={posting} onClick={() => void send()}>
          {action}
        </Button>
      </Group>
    </Stack>
  );
}

function CommentItem({ comment, replies, locationId, onChanged }: { comment: LocationComment; replies: LocationComment[]; locationId: string; onChanged: () => void }) {
  const [replying, setReplying] = useState(false);
  const { t } = useTranslation('touchpoints');
  const format = useFormat();
  const remove = async (c: LocationComment) => {
    try {
      await deleteComment(c.id);
      notify('success', t('comments.deletedTitle'), c.parentCommentId ? t('comments.replyRemoved') : t('comments.commentRemoved'));
      onChanged();
    } catch {
      notify('error', t('comments.errorTitle'), t('comments.deleteFailed'));
    }
  };
  const line = (c: LocationComment) => (
    <Stack gap={2} key={c.id} data-testid="comment">
      <Group gap={8} justify="space-between" wrap="nowrap">
        <Text size="xs" c="dimmed">
          <Text span fw={700} c="dark.7">
            {authorLabel(c, t)}
          </Text>{' '}
          · {format.dateTime(c.createdAt)}
        </Text>
        {c.canDelete ? (
          <Button size="compact-xs" variant="subtle" color="red.8" leftSection={<IconTrash size={14} />} onClick={() => void remove(c)}>
            {t('comments.delete')}
          </Button>
        ) : null}
      </Group>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {c.comment}
      </Text>
    </Stack>
  );
  return (
    <Paper withBorder radius="md" p="sm" component="li">
      <Stack gap="xs">
        {line(comment)}
        {replies.length > 0 ? (
          <Stack gap="xs" pl="md" style={{ borderLeft: '2px solid var(--mantine-color-violet-2)' }} component="ul" m={0} aria-label={t('comments.replies')}>
            {replies.map((r) => (
              <li key={r.id} style={{ listStyle: 'none' }}>
                {line(r)}
              </li>
            ))}
          </Stack>
        ) : null}
        {replying ? (
          <Composer
            label={t('comments.yourReply')}
            placeholder={t('comments.writeReply')}
            action={t('comments.reply')}
            submit={async (text) => {
              try {
                await postComment(locationId, text, comment.id);
                notify('success', t('comments.replyPostedTitle'), t('comments.replyPosted'));
                onChanged();
              } catch (error) {
                notify('error', t('comments.errorTitle'), postFailure(error, t));
                throw error;
              }
            }}
            onDone={() => setReplying(false)}
          />
        ) : (
          <Group>
            <Button size="compact-xs" variant="subtle" color="violet.8" leftSection={<IconCornerDownRight size={14} />} onClick={() => setReplying(true)}>
              {t('comments.reply')}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

/** The community wall of a touchpoint (spec part 3): anyone may post; replies one level deep. */
export function CommentsDialog({ opened, onClose, locationId, locationName }: { opened: boolean; onClose: () => void; locationId: string; locationName: string }) {
  const phone = useMediaQuery('(max-width: 575.98px)');
  const { t } = useTranslation('touchpoints');
  const { comments, isLoading, error, mutate } = useComments(locationId, opened);
  const top = comments.filter((c) => c.parentCommentId === null);
  const refresh = () => void mutate();
  return (
    <Modal opened={opened} onClose={onClose} title={t('comments.title', { place: locationName })} size="lg" radius="lg" fullScreen={phone} closeButtonProps={{ 'aria-label': t('comments.close') }}>
      <Stack gap="md">
        <Composer
          label={t('comments.yourComment')}
          placeholder={t('comments.commentPlaceholder')}
          action={t('comments.post')}
          submit={async (text) => {
            try {
              await postComment(locationId, text, null);
              notify('success', t('comments.commentPostedTitle'), t('comments.commentPosted'));
              refresh();
            } catch (failure) {
              notify('error', t('comments.errorTitle'), postFailure(failure, t));
              throw failure;
            }
          }}
        />
        {isLoading ? <Loader color="violet" size="sm" aria-label={t('comments.loading')} /> : null}
        {error ? <Text c="red.8">{t('comments.loadFailed')}</Text> : null}
        {!isLoading && !error && top.length === 0 ? <Text c="dimmed">{t('comments.none')}</Text> : null}
        <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label={t('comments.list')}>
          {top.map((c) => (
            <CommentItem key={c.id} comment={c} replies={comments.filter((r) => r.parentCommentId === c.id)} locationId={locationId} onChanged={refresh} />
          ))}
        </Stack>
      </Stack>
    </Modal>
  );
}
