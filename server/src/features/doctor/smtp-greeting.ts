import net from 'node:net';
import tls from 'node:tls';

export interface SmtpGreeting {
  /** The greeting's reply code: 220 means the server is ready. */
  code: number;
  /** The greeting's first line, e.g. "220 mail.example.edu ESMTP Postfix". */
  line: string;
  ms: number;
}

/**
 * Opens a connection to the SMTP server of `smtpUrl` (TLS from the start for smtps://, as
 * nodemailer does) and reads its greeting, then says QUIT: no mail is sent and no credentials are
 * offered. The socket is destroyed after `timeoutMs` whatever happens, so a server that accepts
 * and never speaks cannot hold the caller.
 */
export function readSmtpGreeting(smtpUrl: string, timeoutMs: number): Promise<SmtpGreeting> {
  const url = new URL(smtpUrl);
  const secure = url.protocol === 'smtps:';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  // nodemailer's defaults: 465 with TLS, else 587.
  const port = url.port ? Number(url.port) : secure ? 465 : 587;
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const socket = secure ? tls.connect({ host, port, servername: net.isIP(host) ? undefined : host }) : net.connect({ host, port });
    let received = '';
    let done = false;
    const finish = (error: Error | undefined, greeting?: SmtpGreeting) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.removeAllListeners('data');
      if (greeting) {
        // A polite goodbye; the socket is cut a moment later whether or not the server answers.
        socket.end('QUIT\r\n');
        setTimeout(() => socket.destroy(), 1000).unref();
      } else socket.destroy();
      if (error) reject(error);
      else resolve(greeting!);
    };
    const timer = setTimeout(() => finish(new Error(`${host}:${port} sent no greeting within ${timeoutMs} ms`)), timeoutMs);
    socket.setEncoding('utf8');
    socket.on('error', (error: Error) => finish(error));
    socket.on('close', () => finish(new Error(`${host}:${port} closed the connection before its greeting`)));
    socket.on('data', (chunk: string) => {
      received += chunk;
      // A greeting may span lines ("220-…" continues, "220 …" ends it).
      const lines = received.split('\r\n');
      const last = lines.slice(0, -1).find((line) => /^\d{3} /.test(line) || /^\d{3}$/.test(line));
      if (!last) {
        if (received.length > 4096) finish(new Error(`${host}:${port} does not speak SMTP`));
        return;
      }
      const code = Number(last.slice(0, 3));
      finish(undefined, { code, line: lines[0]!.trim(), ms: Date.now() - started });
    });
  });
}
