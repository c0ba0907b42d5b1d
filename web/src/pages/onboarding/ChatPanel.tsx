import { ActionIcon, Box, Button, Group, Loader, Paper, ScrollArea, Stack, Text, Textarea } from '@mantine/core';
import { IconArrowRight, IconSend } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { errorMessage, notify } from '../../features/auth/notify';
import { type ChatMessage, type ChatSessionType, INITIALIZE, rememberName, sendChat } from '../../features/chat/api';
import { MicButton } from '../../features/speech/MicButton';
import classes from './Chat.module.css';

interface ChatPanelProps {
  mode: ChatSessionType;
  speechAvailable: boolean;
  /** Onboarding: the interview is finished and the profile written. */
  onComplete?: () => void;
}

function localMessage(content: string, isUser: boolean): ChatMessage {
  return { id: `local-${String(Date.now())}-${String(Math.random())}`, content, isUser, timestamp: new Date().toISOString() };
}

/** The AI chat (spec part 1 §2.6): the conversation, a loading indicator, push-to-talk, a text box and Send. */
export function ChatPanel({ mode, speechAvailable, onComplete }: ChatPanelProps) {
  const { t } = useTranslation('onboarding');
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [sessionId, setSessionId] = useState<string | null>(null);
  const [draft, setDraft] = useState('');
  const [busy, setBusy] = useState(true);
  const [completed, setCompleted] = useState(false);
  const viewport = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLTextAreaElement>(null);
  const started = useRef(false);

  const initialize = useCallback(async () => {
    setBusy(true);
    try {
      const reply = await sendChat(INITIALIZE[mode], mode);
      setSessionId(reply.sessionId);
      setMessages(reply.messages);
      setCompleted(reply.sessionType === 'onboarding' && reply.completed);
      rememberName(reply.extractedName);
      return reply.sessionId;
    } catch {
      notify('error', t('chatPanel.error'), t('chatPanel.initFailed'));
      // Shown when the conversation cannot be started in onboarding mode (spec part 1 §2.6).
      if (mode === 'onboarding') setMessages((current) => (current.length > 0 ? current : [localMessage(t('chatPanel.fallbackWelcome'), false)]));
      return null;
    } finally {
      setBusy(false);
    }
  }, [mode, t]);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void initialize();
  }, [initialize]);

  useEffect(() => {
    viewport.current?.scrollTo({ top: viewport.current.scrollHeight, behavior: 'smooth' });
  }, [messages, busy]);

  const send = async () => {
    const text = draft.trim();
    // Spec part 1 §5: empty or blank messages are not sent.
    if (!text || busy || completed) return;
    setDraft('');
    setMessages((current) => [...current, localMessage(text, true)]);
    setBusy(true);
    try {
      // A session is required: one that failed to start is started now.
      const id = sessionId ?? (await initialize());
      if (!id) throw new Error(t('chatPanel.initFailed'));
      setBusy(true);
      const reply = await sendChat(text, mode, id);
      setMessages(reply.messages);
      rememberName(reply.extractedName);
      if (reply.sessionType === 'onboarding' && reply.completed) setCompleted(true);
    } catch (error) {
      setMessages((current) => current.filter((m) => !(m.isUser && m.content === text && m.id.startsWith('local-'))));
      setDraft(text);
      notify('error', t('chatPanel.error'), errorMessage(error) || t('chatPanel.sendFailed'));
    } finally {
      setBusy(false);
      input.current?.focus();
    }
  };

  return (
    <Stack gap="sm">
      <Paper withBorder radius="lg" className={classes.conversation}>
        <ScrollArea h={{ base: 'calc(100dvh - 360px)', sm: 420 }} mih={260} viewportRef={viewport} type="auto" offsetScrollbars>
          <Stack gap="sm" p={{ base: 'sm', sm: 'md' }} role="log" aria-live="polite" aria-label={t('chatPanel.conversation')}>
            {messages.map((message) => (
              <Box key={message.id} className={message.isUser ? classes.mine : classes.theirs} data-testid={message.isUser ? 'chat-user' : 'chat-ai'}>
                <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                  {message.content}
                </Text>
              </Box>
            ))}
            {busy ? (
              <Group gap="xs" className={classes.theirs} aria-label={t('chatPanel.typing')}>
                <Loader type="dots" size="sm" color="violet" />
              </Group>
            ) : null}
          </Stack>
        </ScrollArea>
      </Paper>

      {completed ? (
        <Group justify="flex-end">
          <Button size="md" color="violet" rightSection={<IconArrowRight size={18} />} onClick={onComplete}>
            {t('chatPanel.continue')}
          </Button>
        </Group>
      ) : (
        <Group gap="xs" align="flex-end" wrap="nowrap">
          {speechAvailable ? (
            <MicButton
              disabled={busy}
              onText={(text) => {
                setDraft((current) => (current ? `${current} ${text}` : text));
                input.current?.focus();
              }}
            />
          ) : null}
          <Textarea
            ref={input}
            style={{ flex: 1 }}
            aria-label={t('chatPanel.yourMessage')}
            placeholder={t('chatPanel.placeholder')}
            autosize
            minRows={1}
            maxRows={5}
            maxLength={2000}
            value={draft}
            onChange={(event) => {
              setDraft(event.currentTarget.value);
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
                event.preventDefault();
                void send();
              }
            }}
          />
          <ActionIcon size={42} radius="xl" color="violet" variant="filled" aria-label={t('chatPanel.send')} disabled={busy || !draft.trim()} onClick={() => void send()}>
            <IconSend size={20} />
          </ActionIcon>
        </Group>
      )}
    </Stack>
  );
}
