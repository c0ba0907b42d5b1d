import type { MailMessage } from './mailer.js';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

function layout(product: string, body: string): string {
  return `<!doctype html><html><body style="margin:0;padding:24px;background:#f5f3ff;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#1f1147">
<div style="max-width:480px;margin:0 auto;background:#fff;border-radius:16px;padding:32px">
<p style="margin:0 0 24px;font-weight:700;font-size:20px;color:#7c3aed">${escapeHtml(product)}</p>
${body}
</div></body></html>`;
}

export function signupCodeMail(to: string, code: string, product: string): MailMessage {
  return {
    to,
    subject: `Your ${product} verification code`,
    text: [
      `Welcome to ${product}!`,
      '',
      `Your verification code is: ${code}`,
      '',
      'It expires in 10 minutes.',
      `If you did not sign up for ${product}, you can ignore this e-mail.`,
    ].join('\n'),
    html: layout(
      product,
      `<p>Welcome to ${escapeHtml(product)}! Your verification code is:</p>
<p style="font-size:32px;font-weight:700;letter-spacing:8px;margin:16px 0">${escapeHtml(code)}</p>
<p>It expires in 10 minutes. If you did not sign up for ${escapeHtml(product)}, you can ignore this e-mail.</p>`,
    ),
  };
}

/** The code that confirms a new sign-in e-mail, sent to the new address (the same wording of the code as at sign-up). */
export function emailChangeCodeMail(to: string, code: string, product: string): MailMessage {
  return {
    to,
    subject: `Confirm your new ${product} sign-in e-mail`,
    text: [
      `Someone asked to make this address the sign-in e-mail of a ${product} account.`,
      '',
      `Your verification code is: ${code}`,
      '',
      'It expires in 10 minutes.',
      'If it was not you, ignore this e-mail: nothing changes without the code.',
    ].join('\n'),
    html: layout(
      product,
      `<p>Someone asked to make this address the sign-in e-mail of a ${escapeHtml(product)} account. Your verification code is:</p>
<p style="font-size:32px;font-weight:700;letter-spacing:8px;margin:16px 0">${escapeHtml(code)}</p>
<p>It expires in 10 minutes. If it was not you, ignore this e-mail: nothing changes without the code.</p>`,
    ),
  };
}

/** Sent to the old address once the sign-in e-mail has changed, so a member whose session was taken over hears of it. */
export function emailChangedMail(to: string, newEmail: string, product: string): MailMessage {
  return {
    to,
    subject: `Your ${product} sign-in e-mail was changed`,
    text: [
      `The sign-in e-mail of your ${product} account was changed to ${newEmail}.`,
      '',
      `From now on, sign in with the new address. If it was not you, contact ${product}'s support at once.`,
    ].join('\n'),
    html: layout(
      product,
      `<p>The sign-in e-mail of your ${escapeHtml(product)} account was changed to <strong>${escapeHtml(newEmail)}</strong>.</p>
<p>From now on, sign in with the new address. If it was not you, contact ${escapeHtml(product)}'s support at once.</p>`,
    ),
  };
}

/** Sent when a member changed their password from Settings (a reset link mails nothing more). */
export function passwordChangedMail(to: string, product: string): MailMessage {
  return {
    to,
    subject: `Your ${product} password was changed`,
    text: [
      `The password of your ${product} account was changed, and every other device was signed out.`,
      '',
      `If it was not you, reset your password from the sign-in page and contact ${product}'s support.`,
    ].join('\n'),
    html: layout(
      product,
      `<p>The password of your ${escapeHtml(product)} account was changed, and every other device was signed out.</p>
<p>If it was not you, reset your password from the sign-in page and contact ${escapeHtml(product)}'s support.</p>`,
    ),
  };
}

export function passwordResetMail(to: string, link: string, product: string): MailMessage {
  return {
    to,
    subject: `Reset your ${product} password`,
    text: [
      `Someone asked to reset the password of your ${product} account.`,
      '',
      `Set a new password here (the link works once, for 1 hour):`,
      link,
      '',
      'If it was not you, ignore this e-mail: your password stays as it is.',
    ].join('\n'),
    html: layout(
      product,
      `<p>Someone asked to reset the password of your ${escapeHtml(product)} account.</p>
<p style="margin:24px 0"><a href="${escapeHtml(link)}" style="background:#7c3aed;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none">Set a new password</a></p>
<p>The link works once, for 1 hour. If it was not you, ignore this e-mail: your password stays as it is.</p>`,
    ),
  };
}

/**
 * A new mailbox message: who wrote and the subject, and a link to the mailbox. The body stays in
 * the product (it may be private, and mail leaves the campus's machines).
 */
export function newMessageMail(to: string, message: { from: string; subject: string }, mailboxLink: string, product: string): MailMessage {
  // A subject is one line in our store, but a header must never be split by what a member typed.
  const subject = message.subject.replace(/[\r\n]+/g, ' ');
  return {
    to,
    subject: `New message from ${message.from} on ${product}`,
    text: [
      `${message.from} wrote to you on ${product}:`,
      '',
      `Subject: ${subject}`,
      '',
      `Read it in your mailbox: ${mailboxLink}`,
      '',
      `You can turn these e-mails off in ${product}: General settings, Mail notifications.`,
    ].join('\n'),
    html: layout(
      product,
      `<p><strong>${escapeHtml(message.from)}</strong> wrote to you on ${escapeHtml(product)}:</p>
<p style="margin:16px 0;padding:12px 16px;background:#f5f3ff;border-radius:8px">${escapeHtml(subject)}</p>
<p style="margin:24px 0"><a href="${escapeHtml(mailboxLink)}" style="background:#7c3aed;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none">Open your mailbox</a></p>
<p style="color:#4b4563;font-size:14px">You can turn these e-mails off in ${escapeHtml(product)}: General settings, Mail notifications.</p>`,
    ),
  };
}

/** The receipt of an account deletion: what went at once and when the rest goes. */
export function accountDeletedMail(to: string, purgeOn: string, product: string): MailMessage {
  const now = [
    'Your profile no longer appears in search, on the feed, in anyone\'s liked profiles or at touchpoints.',
    'Nobody can write to your mailbox address.',
    'You were signed out on every device.',
  ];
  return {
    to,
    subject: `Your ${product} account was deleted`,
    text: [
      `Your ${product} account was deleted at your request.`,
      '',
      'Removed now:',
      ...now.map((line) => `- ${line}`),
      '',
      `Everything else (your profile, moments, messages, chats, likes and searches) is permanently removed on ${purgeOn}.`,
      'You can register again with this e-mail address at any time.',
    ].join('\n'),
    html: layout(
      product,
      `<p>Your ${escapeHtml(product)} account was deleted at your request.</p>
<p style="margin:16px 0 4px"><strong>Removed now</strong></p>
<ul>${now.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>
<p>Everything else (your profile, moments, messages, chats, likes and searches) is permanently removed on <strong>${escapeHtml(purgeOn)}</strong>.</p>
<p>You can register again with this e-mail address at any time.</p>`,
    ),
  };
}

/** After a completed checkout: a donation's thank-you, or premium with the date it runs to. */
export function paymentConfirmationMail(
  to: string,
  payment: { kind: 'monthly' | 'yearly' | 'donation'; amount: string; premiumUntil: string | null; renews: boolean; startsLater?: boolean },
  settingsLink: string,
  product: string,
): MailMessage {
  const lines =
    payment.kind === 'donation'
      ? [`Thank you for your donation of ${payment.amount} to ${product}.`, 'It helps keep the service running for everyone on campus.']
      : [
          `Welcome to ${product} Premium (${payment.kind === 'monthly' ? 'Monthly' : 'Annual'}, ${payment.amount}).`,
          payment.startsLater && payment.premiumUntil
            ? `Your current membership runs until ${payment.premiumUntil}; the plan starts then, and nothing is charged before.`
            : payment.premiumUntil
            ? payment.renews
              ? `Your membership renews on ${payment.premiumUntil}; cancel any time from Settings.`
              : `Your membership runs until ${payment.premiumUntil}.`
            : 'Your membership is active.',
        ];
  return {
    to,
    subject: payment.kind === 'donation' ? `Thank you for supporting ${product}` : `Your ${product} Premium is active`,
    text: [...lines, '', `Your premium status and payments: ${settingsLink}`].join('\n'),
    html: layout(product, `${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}\n<p><a href="${escapeHtml(settingsLink)}">See your premium status</a></p>`),
  };
}

/** What the administrator changed about a member's account (features/moderation). */
export type AccountStatusChange = 'hidden' | 'unhidden' | 'suspended' | 'unsuspended';

/**
 * The member is told when the administrator hides or shows their profile again, suspends their
 * account or lifts the suspension: what it means for them, and where to write if it is a mistake.
 */
export function accountStatusMail(to: string, change: AccountStatusChange, site: { product: string; supportEmail: string; signInLink: string }): MailMessage {
  const { product, supportEmail, signInLink } = site;
  const mistake = `If you think this is a mistake, write to ${supportEmail}.`;
  const texts: Record<AccountStatusChange, { subject: string; lines: string[]; link?: string }> = {
    hidden: {
      subject: `Your ${product} profile is hidden for now`,
      lines: [
        `Other members reported your profile or something you sent, and the ${product} team is looking into it.`,
        'While it does, your profile is hidden: it does not appear in search, on the feed, at touchpoints or to members you have not written with.',
        'You can still reply to members you are already in conversation with, but you cannot start new conversations, send introductions or post on touchpoint walls.',
        mistake,
      ],
    },
    unhidden: {
      subject: `Your ${product} profile is visible again`,
      lines: [`The ${product} team has finished its review. Your profile appears in search, on the feed and at touchpoints again, and you can start conversations as before.`],
    },
    suspended: {
      subject: `Your ${product} account has been suspended`,
      lines: [
        `The ${product} team has suspended your account after reviewing reports about it.`,
        'You were signed out on every device, and you cannot sign in while the account is suspended.',
        mistake,
      ],
    },
    unsuspended: {
      subject: `Your ${product} account is active again`,
      lines: [`The ${product} team has lifted the suspension of your account. You can sign in again.`],
      link: signInLink,
    },
  };
  const { subject, lines, link } = texts[change];
  return {
    to,
    subject,
    text: [...lines.flatMap((line) => [line, '']), ...(link ? [`Sign in: ${link}`] : [])].join('\n').trimEnd(),
    html: layout(
      product,
      `${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}${
        link ? `\n<p style="margin:24px 0"><a href="${escapeHtml(link)}" style="background:#7c3aed;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none">Sign in</a></p>` : ''
      }`,
    ),
  };
}

/**
 * The weekly introductions' one mail per round: the member's people for the week, each with the
 * one-line reason the card shows (facts true of both), and a link to answer in the product.
 * Nothing about a proposal is decided by mail: saying hello stays on the search page.
 */
export function weeklyIntroductionsMail(to: string, people: { name: string; reason: string }[], searchLink: string, product: string): MailMessage {
  const count = people.length === 1 ? 'one person' : `${people.length} people`;
  return {
    to,
    subject: `Your ${people.length === 1 ? 'introduction' : `${people.length} introductions`} for this week on ${product}`,
    text: [
      `This week ${product} suggests ${count} who would likely say yes to you too:`,
      '',
      ...people.map((person) => `- ${person.name}: ${person.reason}`),
      '',
      `Say hello or pass: ${searchLink}`,
      'When you both say hello, your conversation starts in your mailbox.',
      '',
      `You can turn these e-mails off in ${product}: General settings, Mail notifications; or stop the weekly introductions there.`,
    ].join('\n'),
    html: layout(
      product,
      `<p>This week ${escapeHtml(product)} suggests ${count} who would likely say yes to you too:</p>
<ul style="padding-left:20px">${people.map((person) => `<li style="margin:8px 0"><strong>${escapeHtml(person.name)}</strong>: ${escapeHtml(person.reason)}</li>`).join('')}</ul>
<p style="margin:24px 0"><a href="${escapeHtml(searchLink)}" style="background:#7c3aed;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none">Say hello or pass</a></p>
<p>When you both say hello, your conversation starts in your mailbox.</p>
<p style="color:#4b4563;font-size:14px">You can turn these e-mails off in ${escapeHtml(product)}: General settings, Mail notifications; or stop the weekly introductions there.</p>`,
    ),
  };
}
