import request from 'supertest';

import { agentFor, signUp, uniqueEmail, type Agent } from '../../../test/auth-helpers.js';
import { createTestApp, TestClock, type TestApp } from '../../../test/test-app.js';
import { boxesLeft, nextCheckIn, utcDay } from './check-ins.service.js';

let t: TestApp;
const clock = new TestClock();
const DAY = 86_400_000;
beforeAll(async () => {
  t = await createTestApp({}, { clock });
});
afterAll(() => t.close());

async function member(): Promise<{ agent: Agent; userId: string }> {
  const agent = agentFor(t);
  await signUp(t, agent, uniqueEmail('streak'));
  const session = await agent.get('/api/auth/session').expect(200);
  return { agent, userId: session.body.user.id as string };
}

/** Moves the clock `days` days on for the test's duration (sessions live 14 idle days, so at most that). */
async function later<T>(days: number, fn: () => Promise<T>): Promise<T> {
  clock.advance(days * DAY);
  try {
    return await fn();
  } finally {
    clock.advance(-days * DAY);
  }
}

describe('the box rule', () => {
  const row = (date: string, days: number, boxes: number) => ({ date, streak_days: days, streak_boxes: boxes, last_check_in_date: date });
  it('starts at one day and one box', () => {
    expect(nextCheckIn(undefined, '2026-11-22')).toEqual(row('2026-11-22', 1, 1));
  });
  it('adds a box a consecutive day, at most five', () => {
    expect(nextCheckIn(row('2026-11-21', 3, 3), '2026-11-22')).toEqual(row('2026-11-22', 4, 4));
    expect(nextCheckIn(row('2026-11-21', 9, 5), '2026-11-22')).toEqual(row('2026-11-22', 10, 5));
  });
  it('empties a box per day missed; with none left a new streak starts', () => {
    expect(boxesLeft(row('2026-11-21', 4, 4), '2026-11-22')).toBe(4);
    expect(boxesLeft(row('2026-11-19', 4, 4), '2026-11-22')).toBe(2);
    expect(nextCheckIn(row('2026-11-19', 4, 4), '2026-11-22')).toEqual(row('2026-11-22', 5, 3));
    expect(nextCheckIn(row('2026-11-16', 4, 4), '2026-11-22')).toEqual(row('2026-11-22', 1, 1));
    // Across a month and a year end.
    expect(nextCheckIn(row('2026-12-31', 2, 2), '2027-01-01')).toEqual(row('2027-01-01', 3, 3));
  });
});

it('asks for sign-in', async () => {
  await request(t.app).get('/api/check-ins').expect(401);
  await request(t.app).post('/api/check-ins').expect(401);
});

it('checks in once a day and keeps the streak across days', async () => {
  const { agent } = await member();
  const today = utcDay(clock.now());
  expect((await agent.get('/api/check-ins').expect(200)).body).toEqual({ streakDays: 0, streakBoxes: 0, lastCheckInDate: null, checkedInToday: false });

  expect((await agent.post('/api/check-ins').expect(200)).body).toEqual({ success: true, streakDays: 1, streakBoxes: 1, lastCheckInDate: today });
  expect((await agent.post('/api/check-ins').expect(200)).body).toEqual({ success: false, streakDays: 1, streakBoxes: 1, lastCheckInDate: today });
  expect((await agent.get('/api/check-ins').expect(200)).body).toEqual({ streakDays: 1, streakBoxes: 1, lastCheckInDate: today, checkedInToday: true });

  for (let day = 1; day <= 5; day += 1) {
    const body = await later(day, async () => {
      const shown = (await agent.get('/api/check-ins').expect(200)).body;
      // Yesterday's check-in: nothing missed, nothing lost.
      expect(shown).toMatchObject({ streakDays: day, streakBoxes: Math.min(5, day), checkedInToday: false });
      return (await agent.post('/api/check-ins').expect(200)).body;
    });
    expect(body).toEqual({ success: true, streakDays: day + 1, streakBoxes: Math.min(5, day + 1), lastCheckInDate: utcDay(new Date(clock.now().getTime() + day * DAY)) });
  }

  // Day 5 had 5 boxes and 6 days. Three days later (two missed): 3 boxes shown, a check-in makes 4.
  await later(8, async () => {
    expect((await agent.get('/api/check-ins').expect(200)).body).toMatchObject({ streakDays: 6, streakBoxes: 3, checkedInToday: false });
    expect((await agent.post('/api/check-ins').expect(200)).body).toMatchObject({ success: true, streakDays: 7, streakBoxes: 4 });
  });
  // Six more days later (five missed): every box is gone, the streak shows 0, the next check-in starts anew.
  await later(14, async () => {
    expect((await agent.get('/api/check-ins').expect(200)).body).toMatchObject({ streakDays: 0, streakBoxes: 0, checkedInToday: false });
    expect((await agent.post('/api/check-ins').expect(200)).body).toMatchObject({ success: true, streakDays: 1, streakBoxes: 1 });
  });
});

it('lets only one of two parallel check-ins succeed', async () => {
  const { agent, userId } = await member();
  const results = await Promise.all([agent.post('/api/check-ins'), agent.post('/api/check-ins'), agent.post('/api/check-ins')]);
  expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
  expect(results.filter((r) => r.body.success === true)).toHaveLength(1);
  const rows = await t.ctx.db.selectFrom('search_check_ins').selectAll().where('user_id', '=', userId).execute();
  expect(rows).toHaveLength(1);
});

it("shows and changes only the member's own streak (no IDOR)", async () => {
  const ana = await member();
  const bo = await member();
  await ana.agent.post('/api/check-ins').expect(200);
  expect((await bo.agent.get('/api/check-ins').expect(200)).body).toMatchObject({ streakDays: 0, checkedInToday: false });
  expect((await bo.agent.post('/api/check-ins').expect(200)).body).toMatchObject({ success: true, streakDays: 1 });
  const rows = await t.ctx.db.selectFrom('search_check_ins').select('user_id').where('user_id', 'in', [ana.userId, bo.userId]).execute();
  expect(rows).toHaveLength(2);
});
