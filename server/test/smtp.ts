import type { AddressInfo } from 'node:net';

import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  raw: string;
}

export interface TestSmtp {
  port: number;
  /** Every message delivered so far, oldest first. */
  received: ReceivedMail[];
  /** Stops listening; safe to call twice (a test may stop it early to see a send fail). */
  close(): Promise<void>;
}

/** A real SMTP server on 127.0.0.1 (smtp-server, no TLS, no auth) that keeps what it receives. */
export async function startTestSmtp(): Promise<TestSmtp> {
  const received: ReceivedMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  let open = true;
  return {
    port: (smtp.server.address() as AddressInfo).port,
    received,
    close: async () => {
      if (open) await new Promise<void>((resolve) => smtp.close(() => resolve()));
      open = false;
    },
  };
}
