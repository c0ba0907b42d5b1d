import { describe, expect, it } from '@jest/globals';

import { weeklyIntroductionsMail } from './templates.js';

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
