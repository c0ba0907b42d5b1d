import { ActionIcon, Group, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconDeviceMobile, IconPlayerPause, IconPlayerPlay, IconRadar, IconUserSearch, IconUsers } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import classes from './Nfc.module.css';

/** Spec part 3 §2 (text: the step's catalogue key): tap 2000 ms, scanning 1800, profiles 3500, details 4000, success 1500, then 800 ms before it restarts. */
export const DEMO_STEPS = [
  { id: 'tap', ms: 2000, text: 'demo.steps.tap', Icon: IconDeviceMobile },
  { id: 'scanning', ms: 1800, text: 'demo.steps.scanning', Icon: IconRadar },
  { id: 'profiles', ms: 3500, text: 'demo.steps.profiles', Icon: IconUsers },
  { id: 'details', ms: 4000, text: 'demo.steps.details', Icon: IconUserSearch },
  { id: 'success', ms: 1500, text: 'demo.steps.success', Icon: IconCircleCheck },
] as const;
export const DEMO_RESTART_MS = 800;

/** The animated demo of how a touchpoint works; it can be paused (WCAG 2.2.2). */
export function TouchpointDemo() {
  const [index, setIndex] = useState(0);
  const [resting, setResting] = useState(false);
  const [paused, setPaused] = useState(false);
  const { t } = useTranslation('touchpoints');

  useEffect(() => {
    if (paused) return;
    const last = index === DEMO_STEPS.length - 1;
    const wait = resting ? DEMO_RESTART_MS : DEMO_STEPS[index]!.ms;
    const timer = setTimeout(() => {
      if (resting) {
        setResting(false);
        setIndex(0);
      } else if (last) setResting(true);
      else setIndex(index + 1);
    }, wait);
    return () => clearTimeout(timer);
  }, [index, resting, paused]);

  const step = DEMO_STEPS[index]!;
  return (
    <div className={classes.demo} aria-label={t('demo.label')} role="group">
      <div className={classes.phone} data-step={resting ? 'rest' : step.id} aria-hidden>
        <step.Icon size={30} />
      </div>
      <Stack gap={8}>
        <Text fw={700} data-testid="demo-step" data-step={step.id}>
          {t(step.text)}
        </Text>
        <Group gap="sm" wrap="nowrap">
          <ol className={classes.steps} aria-label={t('demo.step', { step: String(index + 1), total: String(DEMO_STEPS.length) })}>
            {DEMO_STEPS.map((s, i) => (
              <li key={s.id} className={classes.dot} data-active={i === index && !resting ? '' : undefined} />
            ))}
          </ol>
          <ActionIcon variant="subtle" color="gray.8" onClick={() => setPaused(!paused)} aria-label={paused ? t('demo.play') : t('demo.pause')}>
            {paused ? <IconPlayerPlay size={18} /> : <IconPlayerPause size={18} />}
          </ActionIcon>
        </Group>
      </Stack>
    </div>
  );
}
