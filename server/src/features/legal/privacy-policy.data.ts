import type { LegalText } from './legal-document.js';

// The privacy policy (spec part 3: Legal pages; 12 printed pages; Canada's Privacy Act and
// PIPEDA). It describes what Kindred actually stores and does: when the code changes what is
// kept, how long, or who sees it, change this text in the same commit.
export const privacyPolicy: LegalText = {
  id: 'privacy-policy',
  title: 'Privacy Policy',
  pages: [
    {
      sections: [
        {
          heading: 'The short version',
          paragraphs: [
            '{product} runs on computers controlled by {company}. The AI that interviews you, writes your profile summary and finds your matches runs on those computers too: nothing you tell {product} is sent to an outside AI service.',
            'We collect what we need to find you the right people and to keep members safe, and nothing for advertising. We do not sell or rent personal information, we show no ads, and {product} loads no third-party trackers or analytics.',
            'Only two outside services may receive some of your information: Stripe, if you pay, and the mail server {company} uses to deliver {product}\'s e-mails.',
            'You can download everything we hold about you, correct it, and delete your account at any time. Deleted accounts are permanently removed after 90 days.',
          ],
        },
        {
          heading: 'Contents',
          paragraphs: [
            '1. Who is responsible. 2. What you give us. 3. What we record as you use {product}. 4. How the local AI uses your information. 5. Why we use it. 6. Who can see what. 7. Outside services. 8. Cookies. 9. How long we keep it. 10. Your rights. 11. Security. 12. Young people. 13. Changes. 14. Contact us.',
            'Version {version}, in effect from {date}.',
          ],
        },
      ],
    },
    {
      sections: [
        {
          heading: '1. Who is responsible',
          paragraphs: [
            '{company} decides how personal information in {product} is used and is responsible for it. Our privacy officer answers questions and requests at {email}, or by mail at {address}.',
            'We follow the principles of Canada\'s Personal Information Protection and Electronic Documents Act (PIPEDA) and, where {company} is a federal institution or acts for one, the Privacy Act. Where a provincial law such as British Columbia\'s Personal Information Protection Act or Freedom of Information and Protection of Privacy Act applies, we follow it as well.',
            'This policy covers {product} at {url}: the web app, its e-mails, its touchpoint pages and its payments. It explains what we collect, why, who sees it, how long we keep it and what you can do about it.',
          ],
        },
      ],
    },
    {
      sections: [
        {
          heading: '2. What you give us',
          paragraphs: [
            'Account: your e-mail address and your password. We keep only a one-way hash of your password (Argon2id), never the password itself.',
            'Basic information: name, birth date (from which we compute your age), location, gender, profession or identity, and relationship status. We put your location and profession into a standard form.',
            'The interview: your answers to the AI assistant, typed or spoken. Spoken answers are turned into text on our server; the recording is deleted as soon as it is transcribed.',
            'Your profile: the summary, interests, personality, social and relationship style the assistant writes from your answers; your first moment and later moments (text, photos or videos); an avatar and a search background if you add them.',
            'Quick Contact: contact details you choose to share with other members, off until you switch it on.',
            'Photos are re-encoded when you upload them: location and camera data (EXIF) are removed.',
          ],
        },
      ],
    },
    {
      sections: [
        {
          heading: '3. What we record as you use {product}',
          paragraphs: [
            'Searches you run and the matches shown; profiles you like; introductions and in-product mail you send and receive; your daily check-ins.',
            'Touchpoints: when you open a touchpoint page we count one visit per day. We keep the visit as a keyed hash, not your cookie or account id in readable form. If you are signed in and "Show me at places I tap" is on, we also keep which member tapped, so you can be listed there.',
            'Comments you post on touchpoint walls, reports you make and members you block.',
            'Payments: the plan or donation, amount, currency, status and Stripe\'s reference numbers. Card details go to Stripe, never to us.',
            'Technical records: your session, your IP address for limits against abuse (kept in short counters), and server logs of requests (path, status, time) used to keep {product} running.',
          ],
        },
      ],
    },
    {
      sections: [
        {
          heading: '4. How the local AI uses your information',
          paragraphs: [
            'The assistant that interviews you and writes your profile summary runs on {company}\'s servers (with Ollama, or a built-in rule-based assistant). Your words are not sent to any AI company and are not used to train anyone\'s AI model.',
            'To find matches, {product} turns each profile into a list of numbers (an embedding) that captures its meaning, and compares it with what you ask for. Embeddings are stored with your profile and deleted with it.',
            'The reasons shown for a match come from facts true of both members, such as shared interests, city or age range. The detailed analysis compares the two profiles in the same way.',
            'No decision with legal or similar effect is made about you by the AI alone. Moderation decisions are made by people.',
          ],
        },
      ],
    },
    {
      sections: [
        {
          heading: '5. Why we use it',
          paragraphs: [
            'To provide {product}: to create your account, build your profile, show you matches and moments, and deliver mail between members.',
            'To keep members safe: to review reports, enforce blocks, limit abuse and investigate breaches of the terms.',
            'To take payments and keep the records the law requires for them.',
            'To write to you: sign-up codes, password resets, receipts, new-message notices (you can turn these off in General settings) and important changes to these documents.',
            'To run and improve {product}: to fix problems and measure how well search works, using counts rather than individual profiles wherever we can.',
            'We rely on your consent, given when you sign up and each time you choose to share something. You can withdraw it by changing your settings or deleting your account.',
          ],
        },
      ],
    },
    {
      sections: [
        {
          heading: '6. Who can see what',
          paragraphs: [
            'Other members see your profile card: name, age, location, profession, interests, bio, summary, moments and avatar, and the reasons you match. They never see your e-mail address, birth date or password.',
            'Your shared Quick Contact details are shown only to premium members, and only while Quick Contact is on. Everyone else sees that you share contact details, not what they are.',
            'At a touchpoint, visitors without an account see cards without match information or contact details. Nobody can see the list of places you have tapped, or when you tapped: not other members, not visitors.',
            'Members you block, and members who block you, cannot see each other anywhere.',
            'The administrator of {product} can see accounts, reports and the evidence attached to them, payments, and counts, to run and moderate {product}. The administrator cannot read members\' mail.',
            'We disclose information to others only when the law requires it, or to protect someone from serious harm.',
          ],
        },
      ],
    },
    {
      sections: [
        {
          heading: '7. Outside services',
          paragraphs: [
            'Stripe processes payments. When you pay, Stripe receives your e-mail address, the amount and your payment details, and stores them under its own privacy policy. Stripe may process data outside Canada, including in the United States, where it may be accessible to authorities under local law.',
            'E-mail: {product}\'s messages to you are delivered through the mail server {company} configures, which handles your address and the message.',
            'Nothing else: no analytics, advertising, social media or AI services receive your information. The contact page links to a map; the map site is contacted only if you follow the link.',
          ],
        },
        {
          heading: '8. Cookies',
          paragraphs: [
            '{product} uses one session cookie to keep you signed in, and one cookie on touchpoint pages so that a visit is counted once a day. Both are needed for the service to work. We use no advertising or tracking cookies.',
          ],
        },
      ],
    },
    {
      sections: [
        {
          heading: '9. How long we keep it',
          paragraphs: [
            'Your account and profile: until you delete them. After you delete your account it is hidden at once and everything else (profile, moments, chats, searches, likes, mail in both directions, comments and files) is permanently removed 90 days later.',
            'Sign-up codes: 10 minutes. Password reset links: one hour. Sessions: 14 days unused, 30 days at most. Abandoned sign-ups: removed within a day.',
            'Touchpoint visits: {touchpointDays} days. Counters that limit abuse (which may hold your IP address): two days. Records of handled payment notices from Stripe: 7 days.',
            'Payments: the payment records (plan or donation, amount, date, status, Stripe reference) are kept as accounting records, as tax law requires; when your account is removed they are no longer linked to you.',
            'Backups made by {company} are kept for a limited time and then overwritten; a deleted account disappears from them as they expire.',
          ],
        },
      ],
    },
    {
      sections: [
        {
          heading: '10. Your rights',
          paragraphs: [
            'Access: download all the information {product} holds about you with Download my data in Settings, or ask us at {email}.',
            'Correction: change your profile in Settings at any time, or ask us to correct something you cannot change yourself.',
            'Deletion: delete your account in General settings. See section 9 for what happens next.',
            'Withdrawing consent: switch off Quick Contact, "Show me at places I tap" or mail notices, or delete your account.',
            'We answer requests within 30 days. If you are not satisfied with our answer, you can complain to the Office of the Privacy Commissioner of Canada (priv.gc.ca) or, in British Columbia, to the Office of the Information and Privacy Commissioner.',
          ],
        },
      ],
    },
    {
      sections: [
        {
          heading: '11. Security',
          paragraphs: [
            '{product} is served over an encrypted connection. Passwords are stored as Argon2id hashes; sign-up codes and reset links are stored hashed and expire.',
            'Every request is checked for who is asking and whether they may; limits slow down guessing of passwords, codes and member codes. Files are checked and re-encoded before they are stored.',
            'Access to the servers and the database is restricted to the people at {company} who run {product}. If a breach creates a real risk of significant harm, we tell the people affected and the Privacy Commissioner as the law requires.',
          ],
        },
        {
          heading: '12. Young people',
          paragraphs: ['{product} is not for anyone under 16. If we learn that a member is under 16, we delete the account. Members can report a profile they believe belongs to someone under age.'],
        },
      ],
    },
    {
      sections: [
        {
          heading: '13. Changes',
          paragraphs: [
            'When we change this policy, we publish the new version here with its date, and we tell members by e-mail before a change that affects how their information is used takes effect.',
          ],
        },
        {
          heading: '14. Contact us',
          paragraphs: ['Privacy officer, {company}', '{address}', 'E-mail: {email}', 'Telephone: {phone}', 'We answer within about 24 hours, and complete requests within 30 days.'],
        },
      ],
    },
  ],
};
