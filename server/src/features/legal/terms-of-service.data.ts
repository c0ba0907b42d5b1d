import type { LegalText } from './legal-document.js';

// The terms of service (spec part 3: Legal pages; 8 printed pages). Placeholders are filled from
// the settings (legal-document.ts). Everything said here about what the product does is what the code does: change both together.
export const termsOfService: LegalText = {
  id: 'terms-of-service',
  title: 'Terms of Service',
  pages: [
    {
      sections: [
        {
          heading: 'About these terms',
          paragraphs: [
            '{product} is a service for students and members of the campus community to find friends, activity partners and partners. It is run by {company} on computers that {company} controls. These terms are the agreement between you and {company} when you use {product} at {url}.',
            'By creating an account, or by using a touchpoint page or the community walls without an account, you accept these terms and the Privacy Policy, which explains what information {product} keeps and why. If you do not accept them, please do not use {product}.',
            'We wrote these terms to be read. Where they say "we", they mean {company}; "you" means the person using {product}; "members" are people with an account.',
          ],
        },
        {
          heading: 'What these terms cover',
          paragraphs: [
            '1. Who may use {product}. 2. Your account. 3. Your profile and the AI interview. 4. Community rules. 5. Reports, blocks and moderation. 6. Meeting in person. 7. Premium, donations and payments. 8. Leaving {product}. 9. Our service. 10. Changes to these terms. 11. The law that applies. 12. How to reach us.',
            'Version {version}, in effect from {date}.',
          ],
        },
      ],
    },
    {
      sections: [
        {
          heading: '1. Who may use {product}',
          paragraphs: [
            'You may use {product} if you are at least 16 years old, and at least 18 years old to look for a romantic partner. You must be able to agree to these terms where you live, and you must not have been removed from {product} before.',
            'You may use {product} for yourself only. Accounts are personal: you may not create an account for someone else, share your account, or sell or transfer it.',
          ],
        },
        {
          heading: '2. Your account',
          paragraphs: [
            'You sign up with an e-mail address and a password of at least 6 characters. We send a 6-digit code to confirm that the address is yours; the code works for 10 minutes and for a few tries only.',
            'Keep your password to yourself and use one you do not use elsewhere. If you forget it, we send a reset link that works once, for one hour. Resetting your password, or signing out, signs you out on every device.',
            'You are responsible for what is done with your account. If you think someone else has used it, reset your password at once and tell us at {email}.',
            'Sessions end after 14 days without use and 30 days after you sign in, whichever comes first.',
          ],
        },
      ],
    },
    {
      sections: [
        {
          heading: '3. Your profile and the AI interview',
          paragraphs: [
            'Your profile is built from the basic information you enter (name, birth date, location, gender, profession and relationship status) and from a short interview with an AI assistant. The assistant runs on {company}\'s own servers; what you tell it is not sent to any outside AI service.',
            'The assistant writes a summary of your background and describes your interests and style from your answers. It can be wrong. You can update your profile, your first moment and your answers at any time, and you should correct anything that is not true.',
            'Your location and profession are put into a standard form (for example "Vancouver, BC, Canada") so that members can be found by place and field; we show you the result before it is saved.',
            'When {product} tells another member why you match, it uses only facts that are true of both of you, such as a shared interest or city. It never invents reasons.',
            'You keep the rights to what you post. You let {company} store, copy, resize and show it to other members only to run {product}, for as long as it stays on {product}.',
            'Post only what you have the right to post. Photos of other people need their permission.',
          ],
        },
      ],
    },
    {
      sections: [
        {
          heading: '4. Community rules',
          paragraphs: [
            'Be kind and honest. {product} is for meeting people; treat every member as you would want to be treated.',
            'Do not harass, threaten, stalk or intimidate anyone; do not send sexual content to someone who has not asked for it; do not post hateful content about anyone\'s race, ethnicity, religion, disability, gender, sexual orientation or other protected characteristic.',
            'Do not pretend to be someone else, use photos that are not of you, or create fake or duplicate profiles. Do not use {product} to sell, advertise, recruit or spam.',
            'Do not try to get around a block, to learn where a member has been, to collect members\' information, or to break or overload {product} (including by automated access).',
            'Contact details you share in Quick Contact are yours to share; do not share other members\' details without their consent.',
          ],
        },
        {
          heading: '5. Reports, blocks and moderation',
          paragraphs: [
            'Every member can report a profile, a moment or a message with the three dots on it, and can block a member. Blocking hides the two of you from each other everywhere in {product}. Reporting and blocking are always free.',
            'We review reports within 24 hours. We may warn a member, hide a profile while we look into it, or delete an account that breaks these terms. Serious threats to anyone\'s safety may be passed to campus security or the police.',
          ],
        },
      ],
    },
    {
      sections: [
        {
          heading: '6. Meeting in person',
          paragraphs: [
            'Touchpoints are tags placed around campus. When you open one while signed in, you may be listed on that touchpoint\'s page for other people for up to {touchpointDays} days. Your listing starts an hour after your tap, so nobody can watch a place for who arrives. You can turn this off in General settings ("Show me at places I tap"); turning it off also removes the places you tapped before.',
            'Anyone may post on a touchpoint\'s community wall, with or without an account. Posts never show who wrote them. Follow the community rules there too.',
            'You can connect with someone you meet by typing their 8-digit member code or by scanning their QR code or NFC tag. Your code shows your public profile card only, never your contact details. A QR code stops working after 10 minutes.',
            'Meet new people in public places first, tell a friend where you are going, and leave if you feel unsafe. {company} does not check members\' identities or backgrounds and is not responsible for what happens when members meet.',
          ],
        },
      ],
    },
    {
      sections: [
        {
          heading: '7. Premium, donations and payments',
          paragraphs: [
            'Premium costs 5.99 CAD a month (Monthly Premium) or 59.99 CAD a year (Annual Premium). It gives unlimited searches (free members have a daily allowance shown in Settings), shows the contact details other members chose to share, and adds the premium badge and priority support. Safety tools, the reasons you match, the detailed analysis, exporting your data and deleting your account are never part of premium.',
            'Payments are processed by Stripe. {company} never sees or keeps your card number. Prices are in Canadian dollars and include any taxes that apply.',
            'Premium renews automatically at the end of each month or year until you cancel. You can cancel at any time with Manage subscription in Settings; premium then stays until the end of the period you paid for, and you are not charged again.',
            'If you already have premium (for example the six-month gift to early members), a new plan begins when your current membership ends; you are not charged before then.',
            'If a payment is refunded, premium ends when the refund is made. If a renewal cannot be charged, premium ends at the end of the paid period. For a refund, write to {email} within 14 days of a charge.',
            'Donations are voluntary gifts of any amount from 1.00 CAD to support {product}. They do not buy premium and are not refunded unless they were made by mistake.',
          ],
        },
      ],
    },
    {
      sections: [
        {
          heading: '8. Leaving {product}',
          paragraphs: [
            'You can delete your account at any time in General settings. It disappears from search, the feed, liked lists and touchpoints at once and you are signed out everywhere. Everything else is permanently removed 90 days later. You can register again with the same e-mail address, also during those 90 days.',
            'Before you go, you can download all your data from Settings. We may suspend or delete an account that breaks these terms, and we tell the member why unless that would put someone at risk.',
          ],
        },
        {
          heading: '9. Our service',
          paragraphs: [
            '{product} is offered as it is. We work to keep it running, safe and accurate, but we cannot promise that it will always be available, that you will find a match, or that what members say about themselves is true.',
            'To the extent the law allows, {company} is not liable for indirect or consequential losses, or for more than the amount you paid us in the 12 months before a claim. Nothing in these terms limits rights you have by law as a consumer.',
            'We may change or end features. If we end paid premium, we refund the unused part of what you paid.',
          ],
        },
      ],
    },
    {
      sections: [
        {
          heading: '10. Changes to these terms',
          paragraphs: [
            'When we change these terms, we publish the new version here with its date, and we tell members by e-mail at least 30 days before a change that affects them takes effect. If you do not accept the change, you can delete your account before then.',
          ],
        },
        {
          heading: '11. The law that applies',
          paragraphs: [
            'These terms are governed by the laws of British Columbia and the federal laws of Canada that apply there. Disputes go to the courts of British Columbia, unless the law where you live gives you the right to go to your local courts.',
          ],
        },
        {
          heading: '12. How to reach us',
          paragraphs: ['{company}', '{address}', 'E-mail: {email}', 'Telephone: {phone}', 'We answer within about 24 hours.'],
        },
      ],
    },
  ],
};
