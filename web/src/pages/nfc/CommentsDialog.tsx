import { Button, Group, Loader, Modal, Paper, Stack, Text, Textarea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCornerDownRight, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';

import { ApiError } from '../../api/client';
import { notify } from '../../features/auth/notify';
import { COMMENT_MAX, deleteComment, type LocationComment, postComment, useComments } from '../../features/touchpoints/comments';

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const authorLabel = (c: LocationComment) => (c.mine ? 'You' : c.author === 'member' ? 'Member' : 'Visitor');

/** A 429 or a refused text has the server's own words; anything else the spec's. */
function postFailure(error: unknown): string {
  return error instanceof ApiError && (error.status === 429 || error.status === 400) ? error.message : 'Failed to post comment. Please try again.';
}

function Composer({ label, placeholder, submit, onDone }: { label: string; placeholder: string; submit: (text: string) => Promise<void>; onDone?: () => void }) {
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
          {label === 'Your reply' ? 'Reply' : 'Post'}
        </Button>
      </Group>
    </Stack>
  );
}

function CommentItem({ comment, replies, locationId, onChanged }: { comment: LocationComment; replies: LocationComment[]; locationId: string; onChanged: () => void }) {
  const [replying, setReplying] = useState(false);
  const remove = async (c: LocationComment) => {
    try {
      await deleteComment(c.id);
      notify('success', 'Comment deleted', c.parentCommentId ? 'The reply was removed.' : 'The comment was removed.');
      onChanged();
    } catch {
      notify('error', 'Error', 'Failed to delete comment');
    }
  };
  const line = (c: LocationComment) => (
    <Stack gap={2} key={c.id} data-testid="comment">
      <Group gap={8} justify="space-between" wrap="nowrap">
        <Text size="xs" c="dimmed">
          <Text span fw={700} c="dark.7">
            {authorLabel(c)}
          </Text>{' '}
          · {when(c.createdAt)}
        </Text>
        {c.canDelete ? (
          <Button size="compact-xs" variant="subtle" color="red.8" leftSection={<IconTrash size={14} />} onClick={() => void remove(c)}>
            Delete
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
          <Stack gap="xs" pl="md" style={{ borderLeft: '2px solid var(--mantine-color-violet-2)' }} component="ul" m={0} aria-label="Replies">
            {replies.map((r) => (
              <li key={r.id} style={{ listStyle: 'none' }}>
                {line(r)}
              </li>
            ))}
          </Stack>
        ) : null}
        {replying ? (
          <Composer
            label="Your reply"
            placeholder="Write a reply"
            submit={async (text) => {
              try {
                await postComment(locationId, text, comment.id);
                notify('success', 'Reply posted!', 'Your reply is on the wall.');
                onChanged();
              } catch (error) {
                notify('error', 'Error', postFailure(error));
                throw error;
              }
            }}
            onDone={() => setReplying(false)}
          />
        ) : (
          <Group>
            <Button size="compact-xs" variant="subtle" color="violet.8" leftSection={<IconCornerDownRight size={14} />} onClick={() => setReplying(true)}>
              Reply
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
  const { comments, isLoading, error, mutate } = useComments(locationId, opened);
  const top = comments.filter((c) => c.parentCommentId === null);
  const refresh = () => void mutate();
  return (
    <Modal opened={opened} onClose={onClose} title={`Community at ${locationName}`} size="lg" radius="lg" fullScreen={phone} closeButtonProps={{ 'aria-label': 'Close comments' }}>
      <Stack gap="md">
        <Composer
          label="Your comment"
          placeholder="Say something to the people who come here"
          submit={async (text) => {
            try {
              await postComment(locationId, text, null);
              notify('success', 'Comment posted!', 'Your comment is on the wall.');
              refresh();
            } catch (failure) {
              notify('error', 'Error', postFailure(failure));
              throw failure;
            }
          }}
        />
        {isLoading ? <Loader color="violet" size="sm" aria-label="Loading comments" /> : null}
        {error ? <Text c="red.8">Could not load the comments.</Text> : null}
        {!isLoading && !error && top.length === 0 ? <Text c="dimmed">No comments yet. Be the first to say hello.</Text> : null}
        <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Comments">
          {top.map((c) => (
            <CommentItem key={c.id} comment={c} replies={comments.filter((r) => r.parentCommentId === c.id)} locationId={locationId} onChanged={refresh} />
          ))}
        </Stack>
      </Stack>
    </Modal>
  );
}
