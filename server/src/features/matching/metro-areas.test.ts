import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { areaForSql, areaOfCityName, areaOfLocation, isAtPlace, loadMetroAreas, placeOfQuery } from './metro-areas.js';

describe('metropolitan areas', () => {
  it('finds a location’s area from its city and region, in any spelling of the region', () => {
    expect(areaOfLocation('Burnaby, BC, Canada')).toBe('Metro Vancouver');
    expect(areaOfLocation('Burnaby, British Columbia, Canada')).toBe('Metro Vancouver');
    expect(areaOfLocation('Montréal, Québec, Canada')).toBe('Greater Montreal');
    expect(areaOfLocation('Cambridge, MA, USA')).toBe('Greater Boston');
    expect(areaOfLocation('Cambridge, ON, Canada')).toBe('Waterloo Region');
    expect(areaOfLocation('Cambridge, England, United Kingdom')).toBeNull();
    expect(areaOfLocation('Burnaby')).toBeNull();
    expect(areaOfLocation(null)).toBeNull();
  });

  it('gives a city named alone an area only when one area lists it', () => {
    expect(areaOfCityName('burnaby')).toBe('Metro Vancouver');
    expect(areaOfCityName('Cambridge')).toBeNull();
    expect(areaOfCityName('Paris')).toBeNull();
  });

  it('places "near me" in the viewer’s own area and a named city in its area', () => {
    expect(placeOfQuery('Cambridge', { city: 'Cambridge', area: 'Waterloo Region' })).toEqual({ city: 'Cambridge', area: 'Waterloo Region' });
    expect(placeOfQuery('Vancouver', { city: 'Toronto', area: 'Greater Toronto Area' })).toEqual({ city: 'Vancouver', area: 'Metro Vancouver' });
    expect(isAtPlace({ city: 'Vancouver', area: 'Metro Vancouver' }, { city: 'Burnaby', area: 'Metro Vancouver' })).toBe(true);
    expect(isAtPlace({ city: 'Vancouver', area: 'Metro Vancouver' }, { city: 'vancouver', area: null })).toBe(true);
    expect(isAtPlace({ city: 'Vancouver', area: 'Metro Vancouver' }, { city: 'Victoria', area: 'Greater Victoria' })).toBe(false);
    expect(isAtPlace({ city: 'Paris', area: null }, { city: 'Lyon', area: null })).toBe(false);
  });

  it('gives SQL the area’s cities and regions in lower case, accented and folded', () => {
    const montreal = areaForSql('Greater Montreal')!;
    expect(montreal.cities).toEqual(expect.arrayContaining(['montreal', 'châteauguay', 'chateauguay']));
    expect(montreal.regions).toEqual(expect.arrayContaining(['qc', 'quebec', 'que']));
    expect(areaForSql('Atlantis')).toBeNull();
  });

  it('refuses a city or region the gazetteer does not write that way', () => {
    expect(loadMetroAreas().length).toBeGreaterThan(5);
    const dir = mkdtempSync(path.join(tmpdir(), 'metro-'));
    const write = (area: object) => {
      const file = path.join(dir, 'areas.json');
      writeFileSync(file, JSON.stringify({ $comment: 'test', areas: [area] }));
      return file;
    };
    try {
      expect(() => loadMetroAreas(write({ name: 'X', country: 'Canada', region: 'BC', cities: ['Vancouver', 'Montréal'] }))).toThrow('Montréal (X) is not a city of BC');
      expect(() => loadMetroAreas(write({ name: 'Y', country: 'Canada', region: 'Atlantis', cities: ['Vancouver'] }))).toThrow("Y's region Atlantis, Canada is not in the gazetteer");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
