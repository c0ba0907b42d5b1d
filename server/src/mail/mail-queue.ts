import type { Logger } from 'pino';

import type { Clock } from '../clock.js';
import { isLanguage, type Language, SOURCE_LANGUAGE } from '../i18n/languages.js';
import type { Mailer, MailMessage } from './mailer.js';
import type { OutgoingMailRepository } from './outgoing-mail.repository.js';

/** First retry after this long, doubling each time up to MAX_BACKOFF_MS. */
const FIRST_BACKOFF_MS = 30_000;
const MAX_BACKOFF_MS = 3_600_000;
/** How often a server looks for due mail (a send kicks the worker at once anyway). */
const POLL_MS = 5_000;
const BATCH = 10;

/**
 * The queue keeps no language column: a translated mail's HTML part says its language
 * (`<html lang="fr">`, templates.ts), and a mail without one is English.
 */
export function languageOfHtml(html: string): Language {
  const lang = /^<!doctype html><html lang="([^"]+)">/i.exec(html)?.[1];
  return isLanguage(lang) ? lang : SOURCE_LANGUAGE;
}

export function backoffMs(attempts: number): number {
  return Math.min(MAX_BACKOFF_MS, FIRST_BACKOFF_MS * 2 ** Math.max(0, attempts - 1));
}

/**
 * Mail through Postgres: `send` queues the message and returns, so a slow or silent mail server
 * never holds a request; the worker delivers with the transport's short timeouts, retries with
 * backoff, and after `maxAttempts` marks the message failed for the admin to see.
 */
export class MailQueue implements Mailer {
  readonly transport = 'smtp' as const;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;

  constructor(
    private readonly deps: {
      repository: OutgoingMailRepository;
      /** What really delivers (SMTP with short timeouts). */
      delivery: Mailer;
      clock: Clock;
      logger: Logger;
      maxAttempts: number;
      /** A 'sending' message older than this was left by a crashed worker. */
      staleAfterMs: number;
    },
  ) {}

  async send(message: MailMessage): Promise<void> {
    await this.deps.repository.enqueue(message, this.deps.clock.now());
    void this.kick();
  }

  /** Delivers what is due now, until nothing is; concurrent calls share one pass. */
  kick(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      try {
        do {
          this.again = false;
          while ((await this.deliverDue()) > 0);
        } while (this.again);
      } catch (error) {
        this.deps.logger.error({ err: error }, 'mail queue: the delivery pass failed; the next one tries again');
      } finally {
        this.running = undefined;
      }
    })();
    return this.running;
  }

  /** One batch of due messages; returns how many were taken. */
  async deliverDue(): Promise<number> {
    const { repository, delivery, clock, logger, maxAttempts, staleAfterMs } = this.deps;
    const now = clock.now();
    const due = await repository.claimDue(now, new Date(now.getTime() - staleAfterMs), BATCH);
    for (const mail of due) {
      try {
        await delivery.send({ to: mail.to_address, subject: mail.subject, text: mail.text_body, html: mail.html_body, language: languageOfHtml(mail.html_body) });
        await repository.markSent(mail.id, clock.now());
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        if (mail.attempts >= maxAttempts) {
          await repository.markFailed(mail.id, reason);
          logger.error({ mail: mail.id, to: mail.to_address, attempts: mail.attempts, reason }, 'mail queue: gave up on a message');
        } else {
          const at = new Date(clock.now().getTime() + backoffMs(mail.attempts));
          await repository.retryLater(mail.id, reason, at);
          logger.warn({ mail: mail.id, attempts: mail.attempts, retryAt: at.toISOString(), reason }, 'mail queue: delivery failed; retrying later');
        }
      }
    }
    return due.length;
  }

  /** Servers poll for due mail (retries, and mail queued by the CLI or another replica). */
  start(): void {
    this.timer ??= setInterval(() => void this.kick(), POLL_MS);
    this.timer.unref();
  }

  /** Waits for the pass in progress (the CLI before it exits, tests). */
  async idle(): Promise<void> {
    await this.running;
  }

  close(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    this.deps.delivery.close();
  }
}
