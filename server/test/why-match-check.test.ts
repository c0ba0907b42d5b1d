import { type CheckedProfile, falseSentences } from './why-match-check.js';

const viewer: CheckedProfile = { name: 'Vera', age: 22, location: 'Vancouver, BC, Canada', interests: ['Hiking', 'Photography'], looking_for: ['friend'] };
const hana: CheckedProfile = { name: 'Hana', age: 23, location: 'Vancouver, BC, Canada', interests: ['Hiking', 'Camping'], looking_for: ['friend', 'activity_partner'] };

describe('falseSentences', () => {
  it('passes sentences true of both profiles and the query, in English or Chinese', () => {
    const why = "Hana lists hiking among their interests, which you searched for. You're both looking for new friends. You're both in Vancouver.";
    expect(falseSentences(why, 'someone to go hiking with', viewer, hana)).toEqual([]);
    expect(falseSentences('Hana lists hiking among their interests, which you searched for.', '找个一起徒步的朋友', viewer, hana)).toEqual([]);
    expect(falseSentences("You're close in age (22 and 23).", 'x', viewer, hana)).toEqual([]);
    expect(falseSentences("Hana's profile is close to what you described.", 'x', viewer, hana)).toEqual([]);
  });

  it('flags every false claim and every sentence it cannot read', () => {
    const flagged = (why: string, query = 'hiking') => falseSentences(why, query, viewer, hana).map((f) => f.sentence);
    expect(flagged('You both enjoy camping.')).toEqual(['You both enjoy camping.']);
    expect(flagged('Hana lists camping among their interests, which you searched for.')).toHaveLength(1);
    expect(flagged('Hana lists chess among their interests, which you searched for.', 'chess')).toHaveLength(1);
    expect(flagged("You're both looking for activity partners.")).toHaveLength(1);
    expect(flagged("You're both in Toronto.")).toHaveLength(1);
    expect(flagged("You're close in age (22 and 30).")).toHaveLength(1);
    expect(flagged('Hana is lovely. You both enjoy hiking.')).toEqual(['Hana is lovely.']);
    expect(flagged('')).toHaveLength(1);
  });

  it('checks how a result differs from the rules against the result', () => {
    const anna = { ...hana, gender: 'female', age: 26 };
    const ok = (why: string) => expect(falseSentences(why, 'q', viewer, anna)).toEqual([]);
    const bad = (why: string) => expect(falseSentences(why, 'q', viewer, anna)).toHaveLength(1);
    ok('26 — a year above your range.');
    ok('26 — 3 years below your range; In Vancouver, not Toronto.');
    ok('A woman — you asked for men.');
    ok('Looking for friends — you asked for a partner.');
    bad('27 — a year above your range.');
    bad('26 — 1 years above your range.');
    bad('A man — you asked for women.');
    bad('Looking for a partner — you asked for friends.');
    bad("Hasn't said what they're looking for.");
    bad('In Toronto, not Vancouver.');
    bad('Age not given.');
    expect(falseSentences('A woman — you asked for men.', 'q', viewer, hana)[0]!.reason).toMatch(/not given the gender/);
  });
});
