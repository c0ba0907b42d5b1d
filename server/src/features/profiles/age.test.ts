import { ageOn, parseCalendarDate } from './age.js';

describe('ageOn (spec part 1 §5)', () => {
  it.each([
    ['2000-06-15', '2026-06-14', 25],
    ['2000-06-15', '2026-06-15', 26],
    ['2000-06-15', '2026-12-31', 26],
    ['2004-02-29', '2026-02-28', 21],
    ['2004-02-29', '2026-03-01', 22],
    ['1900-01-01', '2026-01-01', 126],
    ['2026-11-21', '2026-11-21', 0],
  ])('born %s, on %s: %i', (birth, today, age) => {
    expect(ageOn(birth, today)).toBe(age);
  });

  it.each(['2023-02-29', '2026-13-01', '2026-00-10', '26-01-01', '2026-1-1', 'yesterday'])('rejects %s as a date', (value) => {
    expect(parseCalendarDate(value)).toBeUndefined();
  });
});
