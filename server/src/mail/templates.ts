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
