import type { ModerationReason } from '../../../contract/moderation.js';
import { type Language, SOURCE_LANGUAGE } from '../i18n/languages.js';
import { formatterFor, type Translate, translatorFor } from '../i18n/translator.js';
import type { MailMessage } from './mailer.js';

/**
 * Every mail Kindred sends, in the recipient's language (`language`, the last argument of each:
 * the member's users.language, or the request's for someone with no account yet). The words are
 * in content/i18n/server/<language>/mail.json; the markup stays here, and what a member or the
 * settings supply is escaped before it goes into the HTML part.
 */

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

function layout(product: string, body: string, language: Language = SOURCE_LANGUAGE): string {
  // The English mail is as it always was; a translated one says its language to the mail client.
  const lang = language === SOURCE_LANGUAGE ? '' : ` lang="${language}"`;
  return `<!doctype html><html${lang}><body style="margin:0;padding:24px;background:#f5f3ff;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#1f1147">
<div style="max-width:480px;margin:0 auto;background:#fff;border-radius:16px;padding:32px">
<p style="margin:0 0 24px;font-weight:700;font-size:20px;color:#7c3aed">${escapeHtml(product)}</p>
${body}
</div></body></html>`;
}

/** Two sentences in one paragraph: a space between them, none in Chinese. */
function sentences(language: Language, ...parts: string[]): string {
  return parts.join(language === 'zh-Hans' ? '' : ' ');
}

/** The words of one language, and the same with every value HTML-escaped (for the HTML part). */
function wordsFor(language: Language): { t: Translate; h: Translate } {
  const t = translatorFor(language);
  const h: Translate = (key, values = {}) => t(key, Object.fromEntries(Object.entries(values).map(([name, value]) => [name, typeof value === 'string' ? escapeHtml(value) : value])));
  return { t, h };
}

/**
 * A day as a mail says it: yyyy-mm-dd in English (as it always was), the language's own long date
 * otherwise (formatterFor). `day` is a Date or a yyyy-mm-dd string.
 */
export function mailDate(day: Date | string, language: Language): string {
  const iso = typeof day === 'string' ? day : day.toISOString().slice(0, 10);
  if (language === SOURCE_LANGUAGE) return iso;
  return formatterFor(language).date(new Date(`${iso}T12:00:00Z`), { dateStyle: 'long', timeZone: 'UTC' });
}

/**
 * An amount as a receipt says it: "$5.99 CAD" in English (as it always was), the language's own
 * money format otherwise (formatterFor().money).
 */
export function mailMoney(amountMinor: number, currency: string, language: Language): string {
  if (language === SOURCE_LANGUAGE) return `$${(amountMinor / 100).toFixed(2)} ${currency.toUpperCase()}`;
  return formatterFor(language).money(amountMinor, currency);
}

const BUTTON = 'background:#7c3aed;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none';

export function signupCodeMail(to: string, code: string, product: string, language: Language = SOURCE_LANGUAGE): MailMessage {
  const { t, h } = wordsFor(language);
  return {
    to,
    language,
    subject: t('mail:signupCode.subject', { product }),
    text: [t('mail:signupCode.welcome', { product }), '', t('mail:code.line', { code }), '', t('mail:code.expires'), t('mail:signupCode.notYou', { product })].join('\n'),
    html: layout(
      product,
      `<p>${sentences(language, h('mail:signupCode.welcome', { product }), h('mail:code.intro'))}</p>
<p style="font-size:32px;font-weight:700;letter-spacing:8px;margin:16px 0">${escapeHtml(code)}</p>
<p>${sentences(language, h('mail:code.expires'), h('mail:signupCode.notYou', { product }))}</p>`,
      language,
    ),
  };
}

/** The code that confirms a new sign-in e-mail, sent to the new address (the same wording of the code as at sign-up). */
export function emailChangeCodeMail(to: string, code: string, product: string, language: Language = SOURCE_LANGUAGE): MailMessage {
  const { t, h } = wordsFor(language);
  return {
    to,
    language,
    subject: t('mail:emailChangeCode.subject', { product }),
    text: [t('mail:emailChangeCode.asked', { product }), '', t('mail:code.line', { code }), '', t('mail:code.expires'), t('mail:emailChangeCode.notYou')].join('\n'),
    html: layout(
      product,
      `<p>${sentences(language, h('mail:emailChangeCode.asked', { product }), h('mail:code.intro'))}</p>
<p style="font-size:32px;font-weight:700;letter-spacing:8px;margin:16px 0">${escapeHtml(code)}</p>
<p>${sentences(language, h('mail:code.expires'), h('mail:emailChangeCode.notYou'))}</p>`,
      language,
    ),
  };
}

/** Sent to the old address once the sign-in e-mail has changed, so a member whose session was taken over hears of it. */
export function emailChangedMail(to: string, newEmail: string, product: string, language: Language = SOURCE_LANGUAGE): MailMessage {
  const { t, h } = wordsFor(language);
  return {
    to,
    language,
    subject: t('mail:emailChanged.subject', { product }),
    text: [t('mail:emailChanged.changed', { product, email: newEmail }), '', t('mail:emailChanged.advice', { product })].join('\n'),
    html: layout(
      product,
      `<p>${t('mail:emailChanged.changed', { product: escapeHtml(product), email: `<strong>${escapeHtml(newEmail)}</strong>` })}</p>
<p>${h('mail:emailChanged.advice', { product })}</p>`,
      language,
    ),
  };
}

/** Sent when a member changed their password from Settings (a reset link mails nothing more). */
export function passwordChangedMail(to: string, product: string, language: Language = SOURCE_LANGUAGE): MailMessage {
  const { t, h } = wordsFor(language);
  return {
    to,
    language,
    subject: t('mail:passwordChanged.subject', { product }),
    text: [t('mail:passwordChanged.changed', { product }), '', t('mail:passwordChanged.advice', { product })].join('\n'),
    html: layout(
      product,
      `<p>${h('mail:passwordChanged.changed', { product })}</p>
<p>${h('mail:passwordChanged.advice', { product })}</p>`,
      language,
    ),
  };
}

/**
 * AUTH_UNIFORM_ERRORS=on: a sign-up for an address that already has an account is answered as any
 * sign-up is (a code is on its way); the address's owner learns it here instead, with the way in.
 */
export function accountExistsMail(to: string, signInLink: string, product: string, language: Language = SOURCE_LANGUAGE): MailMessage {
  const { t, h } = wordsFor(language);
  return {
    to,
    language,
    subject: t('mail:accountExists.subject', { product }),
    text: [t('mail:accountExists.already', { product }), '', t('mail:accountExists.signIn'), signInLink, '', t('mail:accountExists.notYou')].join('\n'),
    html: layout(
      product,
      `<p>${h('mail:accountExists.already', { product })}</p>
<p>${h('mail:accountExists.signIn')}</p>
<p style="margin:24px 0"><a href="${escapeHtml(signInLink)}" style="${BUTTON}">${escapeHtml(signInLink)}</a></p>
<p>${h('mail:accountExists.notYou')}</p>`,
      language,
    ),
  };
}

export function passwordResetMail(to: string, link: string, product: string, language: Language = SOURCE_LANGUAGE): MailMessage {
  const { t, h } = wordsFor(language);
  return {
    to,
    language,
    subject: t('mail:passwordReset.subject', { product }),
    text: [t('mail:passwordReset.asked', { product }), '', t('mail:passwordReset.setHere'), link, '', t('mail:passwordReset.notYou')].join('\n'),
    html: layout(
      product,
      `<p>${h('mail:passwordReset.asked', { product })}</p>
<p style="margin:24px 0"><a href="${escapeHtml(link)}" style="${BUTTON}">${h('mail:passwordReset.button')}</a></p>
<p>${sentences(language, h('mail:passwordReset.linkWorks'), h('mail:passwordReset.notYou'))}</p>`,
      language,
    ),
  };
}

/**
 * A new mailbox message: who wrote and the subject, and a link to the mailbox. The body stays in
 * the product (it may be private, and mail leaves the campus's machines).
 */
export function newMessageMail(to: string, message: { from: string; subject: string }, mailboxLink: string, product: string, language: Language = SOURCE_LANGUAGE): MailMessage {
  const { t, h } = wordsFor(language);
  // A subject is one line in our store, but a header must never be split by what a member typed.
  const subject = message.subject.replace(/[\r\n]+/g, ' ');
  const from = message.from.replace(/[\r\n]+/g, ' ');
  return {
    to,
    language,
    subject: t('mail:newMessage.subject', { from, product }),
    text: [
      t('mail:newMessage.wrote', { from, product }),
      '',
      t('mail:newMessage.subjectLine', { subject }),
      '',
      t('mail:newMessage.readLine', { link: mailboxLink }),
      '',
      t('mail:newMessage.turnOff', { product }),
    ].join('\n'),
    html: layout(
      product,
      `<p>${t('mail:newMessage.wrote', { from: `<strong>${escapeHtml(from)}</strong>`, product: escapeHtml(product) })}</p>
<p style="margin:16px 0;padding:12px 16px;background:#f5f3ff;border-radius:8px">${escapeHtml(subject)}</p>
<p style="margin:24px 0"><a href="${escapeHtml(mailboxLink)}" style="${BUTTON}">${h('mail:newMessage.button')}</a></p>
<p style="color:#4b4563;font-size:14px">${h('mail:newMessage.turnOff', { product })}</p>`,
      language,
    ),
  };
}

/** The receipt of an account deletion: what went at once and when the rest goes (`purgeOn`: the day, mailDate). */
export function accountDeletedMail(to: string, purgeOn: Date | string, product: string, language: Language = SOURCE_LANGUAGE): MailMessage {
  const { t, h } = wordsFor(language);
  const date = mailDate(purgeOn, language);
  const now = ['mail:accountDeleted.hidden', 'mail:accountDeleted.noMail', 'mail:accountDeleted.signedOut'].map((key) => t(key));
  return {
    to,
    language,
    subject: t('mail:accountDeleted.subject', { product }),
    text: [
      t('mail:accountDeleted.deleted', { product }),
      '',
      t('mail:accountDeleted.removedNowList'),
      ...now.map((line) => `- ${line}`),
      '',
      t('mail:accountDeleted.rest', { date }),
      t('mail:accountDeleted.again'),
    ].join('\n'),
    html: layout(
      product,
      `<p>${h('mail:accountDeleted.deleted', { product })}</p>
<p style="margin:16px 0 4px"><strong>${h('mail:accountDeleted.removedNow')}</strong></p>
<ul>${now.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>
<p>${t('mail:accountDeleted.rest', { date: `<strong>${escapeHtml(date)}</strong>` })}</p>
<p>${h('mail:accountDeleted.again')}</p>`,
      language,
    ),
  };
}

/**
 * After a completed checkout: a donation's thank-you, or premium with the date it runs to: a
 * receipt, so its money (mailMoney) and its date (mailDate) are in the member's language too.
 */
export function paymentConfirmationMail(
  to: string,
  payment: { kind: 'monthly' | 'yearly' | 'donation'; amountCents: number; currency: string; premiumUntil: Date | string | null; renews: boolean; startsLater?: boolean },
  settingsLink: string,
  product: string,
  language: Language = SOURCE_LANGUAGE,
): MailMessage {
  const { t, h } = wordsFor(language);
  const amount = mailMoney(payment.amountCents, payment.currency, language);
  const date = payment.premiumUntil === null ? null : mailDate(payment.premiumUntil, language);
  const lines =
    payment.kind === 'donation'
      ? [t('mail:payment.donationThanks', { amount, product }), t('mail:payment.donationHelps')]
      : [
          t('mail:payment.welcome', { product, plan: t(payment.kind === 'monthly' ? 'mail:payment.monthly' : 'mail:payment.annual'), amount }),
          payment.startsLater && date
            ? t('mail:payment.startsLater', { date })
            : date
            ? payment.renews
              ? t('mail:payment.renews', { date })
              : t('mail:payment.runsUntil', { date })
            : t('mail:payment.active'),
        ];
  return {
    to,
    language,
    subject: payment.kind === 'donation' ? t('mail:payment.donationSubject', { product }) : t('mail:payment.premiumSubject', { product }),
    text: [...lines, '', t('mail:payment.statusLine', { link: settingsLink })].join('\n'),
    html: layout(product, `${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}\n<p><a href="${escapeHtml(settingsLink)}">${h('mail:payment.statusLink')}</a></p>`, language),
  };
}

/** What the administrator changed about a member's account (features/moderation). */
export type AccountStatusChange = 'hidden' | 'unhidden' | 'suspended' | 'unsuspended' | 'deleted';

/** Why the administrator acted (due process): a reason from the fixed list and their optional note. */
export interface ModerationGrounds {
  reason: ModerationReason;
  note?: string | undefined;
}

/** A moderation reason in the reader's words ("harassment", « faux profil »): the mail's and the sign-in refusal's. */
export function moderationReasonWords(reason: ModerationReason, language: Language = SOURCE_LANGUAGE): string {
  return wordsFor(language).t(`mail:accountStatus.reasons.${reason}`);
}

/**
 * The member is told when the administrator hides or shows their profile again, suspends their
 * account or lifts the suspension, or removes it: what it means for them, why (`grounds`, for the
 * actions that take something away), and where to write if it is a mistake.
 */
export function accountStatusMail(
  to: string,
  change: AccountStatusChange,
  site: { product: string; supportEmail: string; signInLink: string },
  language: Language = SOURCE_LANGUAGE,
  grounds?: ModerationGrounds,
): MailMessage {
  const { t, h } = wordsFor(language);
  const { product, supportEmail, signInLink } = site;
  const why = grounds
    ? [
        t('mail:accountStatus.reason', { reason: moderationReasonWords(grounds.reason, language) }),
        ...(grounds.note ? [t('mail:accountStatus.note', { product, note: grounds.note })] : []),
      ]
    : [];
  const mistake = t('mail:accountStatus.mistake', { email: supportEmail });
  const texts: Record<AccountStatusChange, { subject: string; lines: string[]; link?: string }> = {
    hidden: {
      subject: t('mail:accountStatus.hidden.subject', { product }),
      lines: [t('mail:accountStatus.hidden.reported', { product }), ...why, t('mail:accountStatus.hidden.meaning'), t('mail:accountStatus.hidden.still'), mistake],
    },
    unhidden: {
      subject: t('mail:accountStatus.unhidden.subject', { product }),
      lines: [t('mail:accountStatus.unhidden.body', { product })],
    },
    suspended: {
      subject: t('mail:accountStatus.suspended.subject', { product }),
      lines: [t('mail:accountStatus.suspended.reviewed', { product }), ...why, t('mail:accountStatus.suspended.signedOut'), mistake],
    },
    deleted: {
      subject: t('mail:accountStatus.deleted.subject', { product }),
      lines: [t('mail:accountStatus.deleted.reviewed', { product }), ...why, t('mail:accountStatus.deleted.gone'), mistake],
    },
    unsuspended: {
      subject: t('mail:accountStatus.unsuspended.subject', { product }),
      lines: [t('mail:accountStatus.unsuspended.body', { product })],
      link: signInLink,
    },
  };
  const { subject, lines, link } = texts[change];
  return {
    to,
    language,
    subject,
    text: [...lines.flatMap((line) => [line, '']), ...(link ? [t('mail:accountStatus.signInLine', { link })] : [])].join('\n').trimEnd(),
    html: layout(
      product,
      `${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}${
        link ? `\n<p style="margin:24px 0"><a href="${escapeHtml(link)}" style="${BUTTON}">${h('mail:accountStatus.signIn')}</a></p>` : ''
      }`,
      language,
    ),
  };
}

/**
 * The weekly introductions' one mail per round: the member's people for the week, each with the
 * one-line reason the card shows (facts true of both), and a link to answer in the product.
 * Nothing about a proposal is decided by mail: saying hello stays on the search page.
 */
export function weeklyIntroductionsMail(to: string, people: { name: string; reason: string }[], searchLink: string, product: string, language: Language = SOURCE_LANGUAGE): MailMessage {
  const { t, h } = wordsFor(language);
  const count = people.length;
  return {
    to,
    language,
    subject: t('mail:weekly.subject', { count, product }),
    text: [
      t('mail:weekly.suggests', { count, product }),
      '',
      ...people.map((person) => `- ${t('mail:weekly.person', { name: person.name, reason: person.reason })}`),
      '',
      t('mail:weekly.answerLine', { link: searchLink }),
      t('mail:weekly.both'),
      '',
      t('mail:weekly.turnOff', { product }),
    ].join('\n'),
    html: layout(
      product,
      `<p>${h('mail:weekly.suggests', { count, product })}</p>
<ul style="padding-left:20px">${people.map((person) => `<li style="margin:8px 0">${t('mail:weekly.person', { name: `<strong>${escapeHtml(person.name)}</strong>`, reason: escapeHtml(person.reason) })}</li>`).join('')}</ul>
<p style="margin:24px 0"><a href="${escapeHtml(searchLink)}" style="${BUTTON}">${h('mail:weekly.answer')}</a></p>
<p>${h('mail:weekly.both')}</p>
<p style="color:#4b4563;font-size:14px">${h('mail:weekly.turnOff', { product })}</p>`,
      language,
    ),
  };
}
