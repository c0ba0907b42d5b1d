import { Alert, Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { errorMessage } from '../../features/auth/notify';
import { CurrentMoment } from './CurrentMoment';
import classes from './Moment.module.css';
import { MomentForm } from './MomentForm';
import { Panel } from './Panel';
import { useFirstMomentEditor } from './useFirstMomentEditor';
import type { EditorOptions } from './useFirstMomentEditor';

interface Props extends EditorOptions {
  /** Shown at the top of the upload panel, above its title (e.g. onboarding's step heading). */
  header?: ReactNode;
}

/** The first-moment editor (spec: image, video or text; create during onboarding, update from settings). */
export function FirstMomentEditor({ mode, onComplete, header }: Props) {
  const { t } = useTranslation('moments');
  const editor = useFirstMomentEditor({ mode, onComplete });
  const { existing, phone } = editor;

  if (editor.loading) {
    return (
      <Center py="xl">
        <Loader color="violet" type="dots" aria-label={t('editor.loading')} />
      </Center>
    );
  }

  const form = (
    <MomentForm
      typeName={editor.typeName}
      type={editor.type}
      onTypeChange={editor.chooseType}
      images={editor.images}
      onAddImages={editor.addImages}
      onRemoveImage={editor.removeImage}
      video={editor.video}
      onChooseVideo={editor.chooseVideo}
      onRemoveVideo={editor.removeVideo}
      text={editor.text}
      onTextChange={editor.setText}
      busy={editor.busy}
      nothingChosen={editor.nothingChosen}
      replacing={existing !== null}
      fullWidthSubmit={phone}
      onSubmit={editor.submit}
    />
  );

  const twoPanels = existing !== null;
  const uploadTitle = twoPanels ? t('editor.uploadNew') : t('editor.createYours');
  const loadFailed = mode === 'update' && editor.profileError && !editor.profile;

  return (
    <Stack gap="lg">
      {loadFailed ? (
        <Alert color="red" variant="light" title={t('editor.loadFailed')}>
          <Group justify="space-between" gap="sm">
            <Text size="sm">{errorMessage(editor.profileError)}</Text>
            <Button size="compact-sm" variant="light" color="red" onClick={editor.reload}>
              {t('tryAgain')}
            </Button>
          </Group>
        </Alert>
      ) : null}
      {twoPanels ? (
        <div className={classes.panels}>
          <Panel title={t('editor.currentTitle')} collapsible={phone} open={!phone || editor.openPanel === 'current'} onToggle={editor.togglePanels}>
            <CurrentMoment profile={existing} />
          </Panel>
          <Panel title={uploadTitle} collapsible={phone} open={!phone || editor.openPanel === 'upload'} onToggle={editor.togglePanels} top={header}>
            {form}
          </Panel>
        </div>
      ) : (
        <Panel title={uploadTitle} collapsible={false} open onToggle={() => undefined} top={header}>
          {form}
        </Panel>
      )}
    </Stack>
  );
}
