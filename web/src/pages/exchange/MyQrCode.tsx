import { Center, Loader, Stack, Text } from '@mantine/core';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { errorMessage } from '../../features/auth/notify';
import { getExchangePayload } from '../../features/connections/api';
import { useFormat } from '../../i18n/useFormat';

/** A fresh code a little before the token's 10 minutes are up. */
const REFRESH_MS = 8 * 60_000;

/** The member's own QR code: the exchange payload with a short-lived token, drawn here (no third-party service). */
export function MyQrCode() {
  const [image, setImage] = useState<{ url: string; expiresAt: Date } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const { t } = useTranslation('exchange');
  const format = useFormat();

  useEffect(() => {
    let live = true;
    const draw = async () => {
      try {
        const { payload, expiresAt } = await getExchangePayload();
        const url = await QRCode.toDataURL(JSON.stringify(payload), { errorCorrectionLevel: 'M', margin: 2, width: 320 });
        if (live) {
          setImage({ url, expiresAt: new Date(expiresAt) });
          setFailure(null);
        }
      } catch (error) {
        if (live) setFailure(errorMessage(error));
      }
    };
    void draw();
    const timer = setInterval(() => void draw(), REFRESH_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, []);

  if (failure) return <Text c="red.8">{failure}</Text>;
  if (!image) {
    return (
      <Center py="md">
        <Loader color="violet" aria-label={t('qr.drawing')} />
      </Center>
    );
  }
  return (
    <Stack gap={6} align="center">
      <img src={image.url} alt={t('qr.alt')} width={240} height={240} data-testid="my-qr" style={{ maxWidth: '100%', height: 'auto', imageRendering: 'pixelated' }} />
      <Text size="xs" c="dimmed" ta="center">
        {t('qr.renews', { time: format.date(image.expiresAt, { timeStyle: 'short' }) })}
      </Text>
    </Stack>
  );
}
