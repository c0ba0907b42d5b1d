import { extractFacts } from '../chat/interview/extract.js';
import { ageOn } from '../profiles/age.js';
import { PROFESSION_CATEGORIES } from '../../ai/builtin/standardize/index.js';
import { standardizeLocation } from '../../ai/builtin/standardize/index.js';
import { CLUSTERS, DEMO_LOCATIONS, generateDemoMember, generateDemoMembers } from './demo.generator.js';
import { demoImageSvg } from './demo.images.js';

const TODAY = '2026-11-22';
const members = generateDemoMembers('test-seed', 1, 400, TODAY);

it('is deterministic: the same seed makes the same members, member by member', () => {
  expect(generateDemoMembers('test-seed', 1, 400, TODAY)).toEqual(members);
  // Member i does not depend on how many were made before it: 20 + 20 is the same as 40.
  expect(generateDemoMember('test-seed', 37, TODAY)).toEqual(members[36]);
  const other = generateDemoMembers('another-seed', 1, 20, TODAY);
  expect(other.map((m) => m.name)).not.toEqual(members.slice(0, 20).map((m) => m.name));
});

it('makes complete, plausible members', () => {
  const professions: ReadonlySet<string> = new Set(PROFESSION_CATEGORIES);
  for (const m of members) {
    expect(m.name).toMatch(/^\S+ \S+$/);
    expect(m.age).toBeGreaterThanOrEqual(18);
    expect(m.age).toBeLessThanOrEqual(35);
    expect(ageOn(m.birthDate, TODAY)).toBe(m.age);
    expect(m.location.split(', ')).toHaveLength(3);
    expect(standardizeLocation(m.location)).toEqual({ ok: true, standardized: m.location });
    expect(professions.has(m.profession)).toBe(true);
    expect(m.profile.interests.length).toBeGreaterThanOrEqual(3);
    expect(m.profile.interests.length).toBeLessThanOrEqual(7);
    expect(m.profile.bio.length).toBeGreaterThan(40);
    expect(m.profile.bio.length).toBeLessThanOrEqual(500);
    expect(m.profile.enhancedBackground).toContain(m.name);
    expect(m.profile.lookingFor.length).toBeGreaterThan(0);
    if (m.relationshipStatus === 'not_single') expect(m.profile.lookingFor).not.toContain('partner');
    expect(m.moments.length).toBeLessThanOrEqual(2);
    for (const moment of m.moments) expect(moment.caption).toBeTruthy();
  }
});

it('varies names, places, work, statuses and moments', () => {
  const distinct = <T>(pick: (m: (typeof members)[number]) => T) => new Set(members.map(pick)).size;
  expect(distinct((m) => m.name)).toBeGreaterThan(300);
  expect(distinct((m) => m.location)).toBe(DEMO_LOCATIONS.length);
  expect(distinct((m) => m.gender)).toBe(4);
  expect(distinct((m) => m.relationshipStatus)).toBe(3);
  expect(distinct((m) => m.profession)).toBeGreaterThan(20);
  expect(distinct((m) => m.age)).toBe(18);
  const students = members.filter((m) => m.profession.endsWith('Student')).length;
  expect(students / members.length).toBeGreaterThan(0.4);
  const images = members.filter((m) => m.firstMoment.content.type === 'image').length;
  expect(images / members.length).toBeGreaterThan(0.35);
  expect(images / members.length).toBeLessThan(0.65);
  // Names from several traditions, Chinese and South Asian among them.
  expect(members.some((m) => /^(Wei|Mei|Hao|Jun|Xinyi|Yuqi|Jiayi|Ling) /.test(m.name))).toBe(true);
  expect(members.some((m) => / (Sharma|Patel|Singh|Gill|Kaur|Gupta)$/.test(m.name))).toBe(true);
});

it('uses interest labels the lexicon reads back, as an interview would have written them', () => {
  for (const label of new Set(CLUSTERS.flatMap((c) => c.interests))) {
    expect(extractFacts(`I love ${label.toLowerCase()}`).interests).toContain(label);
  }
});

it('draws a picture with the interest, and no markup from it', () => {
  const svg = demoImageSvg({ label: 'Crafts <& more>', palette: ['#000000', '#ffffff', '#ff0000'], pattern: 1 });
  expect(svg).toContain('width="720" height="900"');
  expect(svg).toContain('>Crafts &lt;&amp;</text>');
  expect(svg).toContain('>more&gt;</text>');
});
