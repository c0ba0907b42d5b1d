import { CITIES, CITY_DEFAULTS, COUNTRIES, REGIONS } from './gazetteer.js';
import { knownCities, standardizeLocation } from './location.js';

const CANADA_CODES = ['BC', 'AB', 'SK', 'MB', 'ON', 'QC', 'NB', 'NS', 'PE', 'NL', 'YT', 'NT', 'NU'];

function regionLabels(country: string): string[] {
  return REGIONS.filter((g) => g.country === country).flatMap((g) => g.regions.map((names) => names[0]));
}

function citiesIn(country: string): string[] {
  return knownCities().filter((city) => city.endsWith(`, ${country}`));
}

describe('gazetteer data', () => {
  it('lists every country once (UN members, observers, Taiwan, Kosovo)', () => {
    const names = COUNTRIES.map((names) => names[0]);
    expect(names.length).toBeGreaterThanOrEqual(195);
    expect(new Set(names).size).toBe(names.length);
  });

  it('has all 13 Canadian provinces and territories and all 50 states plus DC', () => {
    expect(regionLabels('Canada').sort()).toEqual([...CANADA_CODES].sort());
    expect(regionLabels('United States')).toHaveLength(51);
    expect(regionLabels('United States')).toContain('DC');
  });

  it('covers Canada broadly, with cities in every province and territory', () => {
    const canadian = citiesIn('Canada');
    expect(canadian.length).toBeGreaterThanOrEqual(120);
    for (const code of CANADA_CODES) {
      expect(canadian.some((city) => city.endsWith(`, ${code}, Canada`))).toBe(true);
    }
    expect(citiesIn('United States').length).toBeGreaterThanOrEqual(100);
  });

  it('knows every Metro Vancouver municipality', () => {
    const metro = [
      'Vancouver',
      'Burnaby',
      'Richmond',
      'Surrey',
      'Coquitlam',
      'Port Coquitlam',
      'Port Moody',
      'North Vancouver',
      'West Vancouver',
      'New Westminster',
      'Langley',
      'Delta',
      'Maple Ridge',
      'Pitt Meadows',
      'White Rock',
      'Bowen Island',
      'Anmore',
      'Belcarra',
      'Lions Bay',
    ];
    const failures = metro.filter((city) => {
      const result = standardizeLocation(city);
      return !result.ok || result.standardized !== `${city}, BC, Canada`;
    });
    expect(failures).toEqual([]);
  });

  it('prints every city as three comma-free parts that read back to themselves', () => {
    const failures = knownCities().filter((city) => {
      const result = standardizeLocation(city);
      return city.split(',').length !== 3 || !result.ok || result.standardized !== city;
    });
    expect(failures).toEqual([]);
  });

  it('resolves each ambiguous name to its documented default', () => {
    const failures = Object.entries(CITY_DEFAULTS).filter(([name, city]) => {
      const result = standardizeLocation(name);
      return !result.ok || result.standardized !== city;
    });
    expect(failures).toEqual([]);
  });

  it('files every city group under a region that exists', () => {
    const regions = new Set(REGIONS.flatMap((g) => g.regions.map((names) => `${g.country}|${names[0]}`)));
    expect(CITIES.filter((g) => !regions.has(`${g.country}|${g.region}`))).toEqual([]);
  });

  it('accepts an unlisted town in any Canadian province or US state', () => {
    // DC holds only Washington; "LA" alone is read as Los Angeles before Louisiana.
    const regions = [
      ...regionLabels('Canada').map((label) => [label, 'Canada']),
      ...regionLabels('United States')
        .filter((label) => label !== 'DC' && label !== 'LA')
        .map((label) => [label, 'United States']),
    ];
    const failures = regions.filter(([label, country]) => {
      const result = standardizeLocation(`Smalltown, ${label}`);
      return !result.ok || result.standardized !== `Smalltown, ${label}, ${country}`;
    });
    expect(failures).toEqual([]);
  });

  it('calls a bare country incomplete, unless it is also a city (Singapore)', () => {
    const failures = COUNTRIES.map((names) => names[0])
      .filter((name) => name !== 'Singapore')
      .filter((name) => {
        const result = standardizeLocation(name);
        return result.ok || result.reason !== 'incomplete';
      });
    expect(failures).toEqual([]);
  });
});
