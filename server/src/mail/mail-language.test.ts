import { agentFor, TEST_PASSWORD, uniqueEmail } from '../../test/auth-helpers.js';
import { decodedMailsTo } from '../../test/decoded-mail.js';
import { BASIC_INFO, signedInMember } from '../../test/members.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

// Every mail goes out in its recipient's language: a visitor's (the kindred_lang cookie) for the
// sign-up code, then the member's own (users.language, kept at sign-up) for everything after.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const mailsTo = (to: string) => decodedMailsTo(t.dataDir, to);

describe('mail in the recipient\'s language', () => {
  it('a French visitor (cookie kindred_lang=fr) gets the sign-up code in French, and later a message notification in French', async () => {
    const agent = agentFor(t);
    const email = uniqueEmail('francoise');
    await agent.post('/api/auth/signup').set('Cookie', 'kindred_lang=fr').send({ email, password: TEST_PASSWORD }).expect(202);
    const [codeMail] = await mailsTo(email);
    expect(codeMail!.subject).toBe('Votre code de vérification Kindred');
    expect(codeMail!.contentLanguage).toBe('fr');
    expect(codeMail!.text).toContain('Bienvenue sur Kindred !');
    expect(codeMail!.text).toContain('Il expire dans 10 minutes.');
    const code = /Votre code de vérification : (\d{6})/.exec(codeMail!.text)?.[1];
    expect(code).toMatch(/^\d{6}$/);

    // The resend speaks the request's language too.
    await agent.post('/api/auth/signup/resend').set('Cookie', 'kindred_lang=fr').send({ email }).expect((res) => expect([202, 429]).toContain(res.status));

    await agent.post('/api/auth/signup/verify').set('Cookie', 'kindred_lang=fr').send({ email, code: /Votre code de vérification : (\d{6})/.exec((await mailsTo(email)).at(-1)!.text)?.[1] }).expect(200);
    const profile = await agent.put('/api/profile/basic').send({ ...BASIC_INFO, name: 'Françoise' }).expect(200);
    const mailbox = profile.body.mailbox_address as string;

    const ana = await signedInMember(t, 'Ana Lee');
    await ana.agent.post('/api/messages').send({ to: mailbox, subject: 'Escalade samedi ?', content: 'secret' }).expect(201);
    await t.ctx.services.messages.settle();
    const notification = (await mailsTo(email)).at(-1)!;
    expect(notification.subject).toBe(`Nouveau message de ${ana.mailbox} sur Kindred`);
    expect(notification.contentLanguage).toBe('fr');
    expect(notification.text).toContain(`${ana.mailbox} vous a écrit sur Kindred :`);
    expect(notification.text).toContain('Objet : Escalade samedi ?');
    expect(notification.text).toContain('Lisez-le dans votre boîte aux lettres : ');
    expect(notification.text).not.toContain('secret');
  });

  it('a Chinese browser (Accept-Language) gets the sign-up code in Chinese', async () => {
    const email = uniqueEmail('lihua');
    await agentFor(t).post('/api/auth/signup').set('Accept-Language', 'zh-CN,zh;q=0.9,en;q=0.5').send({ email, password: TEST_PASSWORD }).expect(202);
    const [mail] = await mailsTo(email);
    expect(mail!.subject).toBe('你的 Kindred 验证码');
    expect(mail!.contentLanguage).toBe('zh-Hans');
    expect(mail!.text).toMatch(/你的验证码是：\d{6}/);
  });

  it('a member who chose Chinese gets the notification in Chinese; English stays as it was', async () => {
    const ana = await signedInMember(t, 'Ana Lee');
    const li = await signedInMember(t, 'Li Hua');
    await li.agent.put('/api/account/language').send({ language: 'zh-Hans' }).expect((res) => expect(res.status).toBeLessThan(300));
    await ana.agent.post('/api/messages').send({ to: li.mailbox, subject: '周六爬山', content: 'x' }).expect(201);
    await li.agent.post('/api/messages').send({ to: ana.mailbox, subject: 'Re: hiking', content: 'y' }).expect(201);
    await t.ctx.services.messages.settle();
    const toLi = (await mailsTo(li.email)).at(-1)!;
    expect(toLi.subject).toBe(`${ana.mailbox} 在 Kindred 上给你发了新消息`);
    expect(toLi.text).toContain('主题：周六爬山');
    expect(toLi.text).toContain('在你的信箱中阅读：');
    const toAna = (await mailsTo(ana.email)).at(-1)!;
    expect(toAna.subject).toBe(`New message from ${li.mailbox} on Kindred`);
    expect(toAna.contentLanguage).toBe('en');
    expect(toAna.text).toContain('Subject: Re: hiking');
    expect(toAna.text).toContain('You can turn these e-mails off in Kindred: General settings, Mail notifications.');
  });

  it('a password reset goes in the account\'s language, whatever the browser asking says', async () => {
    const zoe = await signedInMember(t, 'Zoé');
    await zoe.agent.put('/api/account/language').send({ language: 'fr' }).expect(200);
    await agentFor(t).post('/api/auth/password/forgot').set('Accept-Language', 'zh-CN').send({ email: zoe.email }).expect(200);
    const mail = (await mailsTo(zoe.email)).at(-1)!;
    expect(mail.subject).toBe('Réinitialisez votre mot de passe Kindred');
    expect(mail.contentLanguage).toBe('fr');
    expect(mail.text).toMatch(/\/auth\?type=recovery&token=[A-Za-z0-9_-]+/);
  });
});
