import { agentFor, signUp, uniqueEmail, type Agent } from '../../../test/auth-helpers.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import type { Language } from '../../i18n/languages.js';
import { translate } from '../../i18n/translator.js';

// The built-in interviewer speaks the member's language (users.language, else the cookie, else
// Accept-Language): every question, acknowledgement and the closing line come from
// content/i18n/server/<language>/interview.json, and its rules read answers in that language.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function member(language: Language, basic: Record<string, string>): Promise<Agent> {
  const agent = agentFor(t);
  agent.set('Cookie', `kindred_lang=${language}`);
  await signUp(t, agent, uniqueEmail('chat-lang'));
  await agent.put('/api/profile/basic').send(basic).expect(200);
  return agent;
}

/** The interview, answer by answer: every reply, and the profile and session it leaves. */
async function interview(agent: Agent, answers: readonly string[]) {
  const start = await agent.post('/api/chat').send({ message: 'INITIALIZE_ONBOARDING', sessionType: 'onboarding' }).expect(200);
  const replies: string[] = [start.body.response as string];
  let completed = false;
  for (const message of answers) {
    const turn = await agent.post('/api/chat').send({ message, sessionId: start.body.sessionId, sessionType: 'onboarding' }).expect(200);
    replies.push(turn.body.response as string);
    completed = turn.body.completed as boolean;
  }
  const profile = (await agent.get('/api/profile').expect(200)).body;
  const session = (await agent.get('/api/auth/session').expect(200)).body;
  return { replies, completed, profile, session };
}

const line = (language: Language, key: string) => translate(language, `interview:${key}`);
const LATIN = /[A-Za-z]{3,}/;

describe('the built-in interview in Chinese', () => {
  it('asks every question in Chinese, reads Chinese answers, and completes the profile', async () => {
    const agent = await member('zh-Hans', {
      name: '林薇',
      birthDate: '2004-03-10',
      location: '温哥华',
      gender: 'female',
      profession: '软件工程师',
      relationshipStatus: 'single_straight',
    });
    const { replies, completed, profile, session } = await interview(agent, [
      '我喜欢攀岩和摄影，平时也爱做饭。',
      '想周末一起去爬山，或者打羽毛球',
      '朋友说我开朗、幽默，好奇心很强',
      '喜欢小圈子，提前约好，周末有空',
      '想交新朋友，也想找搭子。真诚和善良最重要',
    ]);

    expect(replies[0]).toContain('你好，林薇！');
    expect(replies[0]).toContain(line('zh-Hans', 'questions.interests'));
    expect(replies[1]).toContain(line('zh-Hans', 'questions.activities'));
    expect(replies[2]).toContain(line('zh-Hans', 'questions.personality'));
    expect(replies[3]).toContain(line('zh-Hans', 'questions.social'));
    expect(replies[4]).toContain(line('zh-Hans', 'questions.lookingFor'));
    expect(replies[5]).toContain('我需要的都问完了');
    // Nothing the interviewer said was English (the product's name and "AI" aside).
    for (const reply of replies) expect(reply.replace(/Kindred|AI/g, '')).not.toMatch(LATIN);

    expect(completed).toBe(true);
    expect(session.profileComplete).toBe(true);
    expect(profile.interests).toEqual(expect.arrayContaining(['Climbing', 'Photography', 'Cooking', 'Hiking', 'Badminton']));
    expect(profile.looking_for).toEqual(['friend', 'activity_partner']);
    expect(profile.core_values).toEqual(['Honesty', 'Kindness']);
    expect(profile.personality_type).toBe('Extrovert');
    expect(profile.bio).toContain('我喜欢攀岩、摄影和做饭。');
    expect(profile.bio).toContain('想在这里认识新朋友和活动搭子。');
    expect(profile.bio).toContain('我喜欢小圈子和提前约好，通常周末有空。');
    expect(profile.bio).not.toMatch(LATIN);
    // The basic answers in Chinese are stored as the standard English forms.
    expect(profile).toMatchObject({ location: 'Vancouver, BC, Canada', profession: 'Software Developer' });
  });
});

describe('the built-in interview in French', () => {
  it('asks every question in French, reads French answers, and completes the profile', async () => {
    const agent = await member('fr', {
      name: 'Camille Roy',
      birthDate: '2003-06-02',
      location: 'Montréal',
      gender: 'female',
      profession: 'étudiante',
      relationshipStatus: 'single_straight',
    });
    const { replies, completed, profile, session } = await interview(agent, [
      'J’adore l’escalade et la photographie, et j’aime cuisiner.',
      'Des randonnées le week-end, ou du badminton',
      'Drôle, curieuse et plutôt calme',
      'Plutôt en petit comité, des plans spontanés. Je suis libre le soir et le week-end',
      'Surtout des amis et des partenaires d’activité, et pourquoi pas une relation sérieuse. L’honnêteté compte beaucoup pour moi',
    ]);

    expect(replies[0]).toContain('Bonjour Camille Roy !');
    expect(replies[0]).toContain(line('fr', 'questions.interests'));
    expect(replies[1]).toContain(line('fr', 'questions.activities'));
    expect(replies[2]).toContain(line('fr', 'questions.personality'));
    expect(replies[3]).toContain(line('fr', 'questions.social'));
    expect(replies[4]).toContain(line('fr', 'questions.lookingFor'));
    expect(replies[5]).toContain('j’ai tout ce qu’il me faut');
    for (const reply of replies) expect(reply).not.toMatch(/\b(the|you|your|what|and|Thanks|Got it)\b/);

    expect(completed).toBe(true);
    expect(session.profileComplete).toBe(true);
    expect(profile.interests).toEqual(expect.arrayContaining(['Climbing', 'Photography', 'Cooking', 'Hiking', 'Badminton']));
    expect(profile.looking_for).toEqual(['friend', 'activity_partner', 'partner']);
    expect(profile.relationship_style).toBe('Looking for new friends, activity partners and a partner (a long-term relationship)');
    expect(profile.core_values).toEqual(['Honesty']);
    expect(profile.bio).toContain('Ce que j’aime : escalade, photographie et cuisine.');
    expect(profile.bio).toContain('Mes amis me décriraient comme drôle, curieux·se et facile à vivre.');
    expect(profile.bio).toContain('J’aime les petits groupes et les plans spontanés, et je suis généralement libre le week-end et le soir.');
    expect(profile).toMatchObject({ location: 'Montreal, QC, Canada', profession: 'Undergraduate Student' });
  });

  it('updates the profile in French: the greeting, the change and what it reads', async () => {
    const agent = await member('fr', {
      name: 'Luc Martin',
      birthDate: '2002-01-15',
      location: 'Montréal',
      gender: 'male',
      profession: 'ingénieur',
      relationshipStatus: 'single_straight',
    });
    await interview(agent, ['J’aime la randonnée', 'La randonnée', 'calme', 'petits groupes', 'des amis']);
    const start = await agent.post('/api/chat').send({ message: 'INITIALIZE_PROFILE_UPDATE', sessionType: 'profile_update' }).expect(200);
    expect(start.body.response).toMatch(/^Bon retour, Luc Martin ! Voici votre profil actuel :\n• Centres d’intérêt : randonnée\n/);
    const turn = await agent
      .post('/api/chat')
      .send({ message: 'Ajoute la poterie, et je n’aime plus la randonnée', sessionId: start.body.sessionId, sessionType: 'profile_update' })
      .expect(200);
    expect(turn.body.response).toMatch(/^C’est fait — j’ai ajouté Poterie et retiré randonnée\. Votre profil dit maintenant :/);
    const profile = (await agent.get('/api/profile').expect(200)).body;
    expect(profile.interests).toEqual(['Poterie']);
    expect(profile.profession).toBe('Engineer');
  });
});

describe('the interviewer follows the member', () => {
  it('speaks English to an English member, as before', async () => {
    const agent = await member('en', {
      name: 'Ana Lee',
      birthDate: '2004-03-10',
      location: 'Vancouver',
      gender: 'female',
      profession: 'software developer',
      relationshipStatus: 'single_straight',
    });
    const { replies } = await interview(agent, ['chess and cooking']);
    expect(replies[0]).toBe(
      `Hi Ana Lee! I'm Kindred's AI assistant. I'll ask you five quick questions to build your profile, so I can introduce you to people you'll click with. ${line('en', 'questions.interests')}`,
    );
    expect(replies[1]).toBe('Chess and cooking — great choices! Which activities would you like to do with other people? For example weekend hikes, badminton, study sessions or gaming nights.');
  });
});
