import { describe, expect, it } from '@jest/globals';

import {
  accountDeletedMail,
  accountStatusMail,
  emailChangeCodeMail,
  emailChangedMail,
  newMessageMail,
  passwordChangedMail,
  passwordResetMail,
  paymentConfirmationMail,
  signupCodeMail,
  weeklyIntroductionsMail,
} from './templates.js';

describe('the weekly introductions mail', () => {
  const people = [
    { name: 'Bo <Chen>', reason: 'You both enjoy hiking, both in Vancouver.' },
    { name: 'Cy', reason: 'Both looking for new friends.' },
  ];
  const mail = weeklyIntroductionsMail('ana@example.com', people, 'https://kindred.example/search', 'Kindred');

  it('lists each person with the card\'s reason, and links to answer in the product', () => {
    expect(mail.to).toBe('ana@example.com');
    expect(mail.subject).toBe('Your 2 introductions for this week on Kindred');
    expect(mail.text).toContain('- Bo <Chen>: You both enjoy hiking, both in Vancouver.');
    expect(mail.text).toContain('- Cy: Both looking for new friends.');
    expect(mail.text).toContain('Say hello or pass: https://kindred.example/search');
    expect(mail.text).toContain('General settings, Mail notifications');
  });

  it('escapes what members wrote in the HTML part', () => {
    expect(mail.html).toContain('Bo &#60;Chen&#62;');
    expect(mail.html).not.toContain('<Chen>');
  });

  it('says one person in the singular', () => {
    const one = weeklyIntroductionsMail('ana@example.com', people.slice(1), 'https://kindred.example/search', 'Kindred');
    expect(one.subject).toBe('Your introduction for this week on Kindred');
    expect(one.text).toContain('suggests one person who');
  });
});

describe('the mails in the member\'s language', () => {
  const people = [
    { name: 'Bo', reason: 'You both enjoy hiking.' },
    { name: 'Cy', reason: 'Both in Vancouver.' },
  ];

  it('a Chinese member\'s weekly introductions are in Chinese, with the glossary\'s words', () => {
    const mail = weeklyIntroductionsMail('li@example.com', people, 'https://kindred.example/search', 'Kindred', 'zh-Hans');
    expect(mail.language).toBe('zh-Hans');
    expect(mail.subject).toBe('你本周在 Kindred 上的 2 位每周引荐');
    expect(mail.text).toContain('本周 Kindred 为你推荐 2 位很可能也愿意认识你的人：');
    expect(mail.text).toContain('- Bo：You both enjoy hiking.');
    expect(mail.text).toContain('打招呼或跳过：https://kindred.example/search');
    expect(mail.html).toContain('<html lang="zh-Hans">');
  });

  it('a Chinese member\'s receipt is in Chinese (您), with money and dates in the Chinese conventions', () => {
    const mail = paymentConfirmationMail('li@example.com', { kind: 'yearly', amountCents: 5999, currency: 'cad', premiumUntil: new Date('2027-03-04T10:00:00Z'), renews: true }, 'https://kindred.example/settings', 'Kindred', 'zh-Hans');
    expect(mail.subject).toBe('您的 Kindred 高级会员已生效');
    expect(mail.text).toContain('欢迎成为 Kindred 高级会员（年付，CA$59.99）。');
    expect(mail.text).toContain('您的会员资格将于 2027年3月4日 续订');
    const donation = paymentConfirmationMail('li@example.com', { kind: 'donation', amountCents: 1000, currency: 'cad', premiumUntil: null, renews: false }, 'https://kindred.example/settings', 'Kindred', 'zh-Hans');
    expect(donation.text).toContain('感谢您向 Kindred 捐赠 CA$10.00。');
  });

  it('the English receipt is as it always was', () => {
    const mail = paymentConfirmationMail('ana@example.com', { kind: 'monthly', amountCents: 599, currency: 'cad', premiumUntil: new Date('2027-03-04T10:00:00Z'), renews: true }, 'https://kindred.example/settings', 'Kindred');
    expect(mail.subject).toBe('Your Kindred Premium is active');
    expect(mail.text).toBe('Welcome to Kindred Premium (Monthly, $5.99 CAD).\nYour membership renews on 2027-03-04; cancel any time from Settings.\n\nYour premium status and payments: https://kindred.example/settings');
  });

  it('a French member\'s account deletion receipt says the day in French', () => {
    const mail = accountDeletedMail('zoe@example.com', new Date('2027-01-15T08:00:00Z'), 'Kindred', 'fr');
    expect(mail.subject).toBe('Votre compte Kindred a été supprimé');
    expect(mail.text).toContain('sera définitivement supprimé le 15 janvier 2027.');
    expect(mail.html).toContain('<strong>15 janvier 2027</strong>');
  });

  it.each(['en', 'fr', 'zh-Hans'] as const)('every mail in %s fills every placeholder and escapes what members typed', (language) => {
    const site = { product: 'Kin<d>red', supportEmail: 'help@example.com', signInLink: 'https://kindred.example/auth' };
    const mails = [
      signupCodeMail('a@example.com', '123456', 'Kin<d>red', language),
      emailChangeCodeMail('a@example.com', '123456', 'Kin<d>red', language),
      emailChangedMail('a@example.com', 'new<b>@example.com', 'Kin<d>red', language),
      passwordChangedMail('a@example.com', 'Kin<d>red', language),
      passwordResetMail('a@example.com', 'https://kindred.example/auth?x=1&y=2', 'Kin<d>red', language),
      newMessageMail('a@example.com', { from: 'x<y>@kindred.local', subject: 'Hi <b>' }, 'https://kindred.example/mailbox', 'Kin<d>red', language),
      accountDeletedMail('a@example.com', '2027-01-15', 'Kin<d>red', language),
      paymentConfirmationMail('a@example.com', { kind: 'monthly', amountCents: 599, currency: 'cad', premiumUntil: '2027-01-15', renews: false, startsLater: true }, 'https://kindred.example/settings', 'Kin<d>red', language),
      ...(['hidden', 'unhidden', 'suspended', 'unsuspended'] as const).map((change) => accountStatusMail('a@example.com', change, site, language)),
      weeklyIntroductionsMail('a@example.com', [{ name: 'B<o>', reason: 'r' }], 'https://kindred.example/search', 'Kin<d>red', language),
    ];
    for (const mail of mails) {
      expect(mail.language).toBe(language);
      for (const part of [mail.subject, mail.text, mail.html]) expect(part).not.toMatch(/\{\w+\}|mail:\w/);
      expect(mail.html).not.toMatch(/<d>|<o>|<b>/);
    }
  });
});
