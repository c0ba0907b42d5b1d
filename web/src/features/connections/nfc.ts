// Web NFC (Chrome on Android only): read a profile from an NFC tag, or write one's own card to a
// blank tag. One phone cannot act as a tag for another, so a tag or sticker carries the card.
import { i18next } from '../../i18n/i18n';
import type { ExchangePayload } from './api';

interface NdefRecord {
  recordType: string;
  mediaType?: string;
  data?: DataView;
}
interface NdefReadingEvent extends Event {
  message: { records: NdefRecord[] };
}
interface NdefReader extends EventTarget {
  scan(options?: { signal?: AbortSignal }): Promise<void>;
  write(message: { records: { recordType: string; mediaType?: string; data: string | BufferSource }[] }, options?: { signal?: AbortSignal }): Promise<void>;
  onreading: ((event: NdefReadingEvent) => void) | null;
  onreadingerror: ((event: Event) => void) | null;
}
type NdefReaderConstructor = new () => NdefReader;

export type NfcCapability = 'unsupported' | 'denied' | 'ready';

function readerClass(): NdefReaderConstructor | undefined {
  return (window as unknown as { NDEFReader?: NdefReaderConstructor }).NDEFReader;
}

/** Spec part 3 §4: not supported; supported but permission denied; ready. */
export async function nfcCapability(): Promise<NfcCapability> {
  if (!readerClass()) return 'unsupported';
  try {
    const status = await navigator.permissions.query({ name: 'nfc' as PermissionName });
    return status.state === 'denied' ? 'denied' : 'ready';
  } catch {
    return 'ready'; // no permission to ask about: scan() will say
  }
}

const decoder = new TextDecoder();

/** The payload text of a tag: our JSON record, or the token in a link to this page. */
function payloadText(records: NdefRecord[]): string | null {
  for (const record of records) {
    if (record.recordType === 'mime' && record.mediaType === 'application/json' && record.data) return decoder.decode(record.data);
  }
  for (const record of records) {
    if (record.recordType === 'text' && record.data) return decoder.decode(record.data);
  }
  return null;
}

/** Waits for one tag and returns what it carries (text), until `signal` aborts. */
export async function readTag(signal: AbortSignal): Promise<string> {
  const Reader = readerClass();
  if (!Reader) throw new DOMException(i18next.t('connections:nfc.unavailable'), 'NotSupportedError');
  const reader = new Reader();
  await reader.scan({ signal });
  return new Promise((resolve, reject) => {
    signal.addEventListener('abort', () => reject(signal.reason as Error), { once: true });
    reader.onreadingerror = () => reject(new Error(i18next.t('connections:nfc.readError')));
    reader.onreading = (event) => {
      const text = payloadText(event.message.records);
      if (text) resolve(text);
      else reject(new Error(i18next.t('connections:nfc.noProfile')));
    };
  });
}

/** Writes the member's payload to a blank tag, with a link that opens the exchange page on a phone without the page open. */
export async function writeTag(payload: ExchangePayload, signal: AbortSignal): Promise<void> {
  const Reader = readerClass();
  if (!Reader) throw new DOMException(i18next.t('connections:nfc.unavailable'), 'NotSupportedError');
  const link = `${window.location.origin}/nfc-profile-exchange#token=${encodeURIComponent(payload.token)}`;
  await new Reader().write(
    {
      records: [
        { recordType: 'mime', mediaType: 'application/json', data: new TextEncoder().encode(JSON.stringify(payload)) },
        { recordType: 'url', data: link },
      ],
    },
    { signal },
  );
}

/** The spec's NFC Error descriptions (§8). */
export function nfcErrorMessage(error: unknown): string {
  if (error instanceof DOMException && error.name === 'NotAllowedError') return i18next.t('connections:nfc.permissionDenied');
  if (error instanceof Error) return error.message;
  return i18next.t('connections:nfc.failed');
}
