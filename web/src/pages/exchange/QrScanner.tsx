import { Alert, Modal, Stack, Text } from '@mantine/core';
import jsQR from 'jsqr';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readableRed } from '../../components/alertStyles';

/** Reads QR codes from the camera with jsQR, frame by frame; nothing leaves the phone. */
export function QrScanner({ opened, onClose, onCode }: { opened: boolean; onClose: () => void; onCode: (text: string) => void }) {
  const { t } = useTranslation('exchange');
  return (
    <Modal opened={opened} onClose={onClose} title={t('qr.scanTitle')} radius="lg" closeButtonProps={{ 'aria-label': t('qr.closeScanner') }}>
      {opened ? <Camera onCode={onCode} /> : null}
    </Modal>
  );
}

/** The camera while the scanner is open: started fresh each time, stopped when closed. */
function Camera({ onCode }: { onCode: (text: string) => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [failure, setFailure] = useState<'cameraDenied' | 'noCamera' | null>(null);
  const { t } = useTranslation('exchange');

  useEffect(() => {
    let stream: MediaStream | null = null;
    let frame = 0;
    let live = true;
    const canvas = document.createElement('canvas');
    const context = canvas.getContext('2d', { willReadFrequently: true });
    const scan = () => {
      const v = video.current;
      if (!live || !v || !context) return;
      if (v.readyState >= v.HAVE_ENOUGH_DATA && v.videoWidth > 0) {
        canvas.width = v.videoWidth;
        canvas.height = v.videoHeight;
        context.drawImage(v, 0, 0);
        const pixels = context.getImageData(0, 0, canvas.width, canvas.height);
        const found = jsQR(pixels.data, pixels.width, pixels.height, { inversionAttempts: 'dontInvert' });
        if (found?.data) {
          live = false;
          onCode(found.data);
          return;
        }
      }
      frame = requestAnimationFrame(scan);
    };
    void (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
        if (!live || !video.current) return;
        video.current.srcObject = stream;
        await video.current.play();
        frame = requestAnimationFrame(scan);
      } catch (error) {
        if (live) setFailure(error instanceof DOMException && error.name === 'NotAllowedError' ? 'cameraDenied' : 'noCamera');
      }
    })();
    return () => {
      live = false;
      cancelAnimationFrame(frame);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, [onCode]);

  return (
    <Stack gap="sm">
        {failure ? (
          <Alert color="red" title={t('qr.cameraUnavailable')} styles={readableRed}>
            {t(`qr.${failure}`)}
          </Alert>
        ) : (
          <>
            <video ref={video} muted playsInline style={{ width: '100%', borderRadius: 12, background: '#000' }} aria-label={t('qr.cameraView')} />
            <Text size="sm" c="dimmed">
              {t('qr.point')}
            </Text>
          </>
        )}
    </Stack>
  );
}
