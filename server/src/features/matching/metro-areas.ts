import { z } from 'zod';

import { CITIES, REGIONS } from '../../ai/builtin/standardize/gazetteer.js';
import { foldText } from '../../ai/builtin/standardize/text.js';
import { contentComment, contentText, loadJsonContent } from '../../content.js';

/**
 * Metropolitan areas (content/search/metro-areas.json): a member in Burnaby is near one in
 * Vancouver. A place in a search ("near me", "in Vancouver") is met by every city of its area,
 * and ranking counts the same area as the same place.
 *
 * A member's area is read from their location's city and region ("Burnaby, BC, Canada"; the
 * region in any spelling the gazetteer knows, "British Columbia" too), so Cambridge, MA and
 * Cambridge, ON fall in different areas. A city named in a query has no region: it has an area
 * only when one area alone lists that name.
 */

const areasSchema = z.strictObject({
  $comment: contentComment,
  areas: z.array(z.strictObject({ name: contentText, country: contentText, region: contentText, cities: z.array(contentText).min(1) })).min(1),
});

export interface MetroArea {
  readonly name: string;
  /** The cities as the gazetteer standardizes them. */
  readonly cities: readonly string[];
  /** Every spelling of the region the gazetteer knows ("BC", "British Columbia", …). */
  readonly regionSpellings: readonly string[];
}

/** Where a member is, as far as nearness goes: their city and its area (null: none listed). */
export interface Place {
  readonly city: string | null;
  readonly area: string | null;
}

export const METRO_AREAS_FILE = 'search/metro-areas.json';

/** The areas of `file` (content/search/metro-areas.json unless a test names another). */
export function loadMetroAreas(file = METRO_AREAS_FILE): readonly MetroArea[] {
  return loadJsonContent(areasSchema, file).areas.map((area) => {
    const spellings = REGIONS.find((group) => group.country === area.country)?.regions.find((names) => names[0] === area.region);
    if (spellings === undefined) throw new Error(`${file}: ${area.name}'s region ${area.region}, ${area.country} is not in the gazetteer`);
    // A city the standardizer would write otherwise would never match a member's location.
    const known = new Set(CITIES.filter((g) => g.country === area.country && g.region === area.region).flatMap((g) => g.cities.map((names) => names[0])));
    const unknown = area.cities.find((city) => !known.has(city));
    if (unknown !== undefined) throw new Error(`${file}: ${unknown} (${area.name}) is not a city of ${area.region} in the gazetteer, as it writes it`);
    return { name: area.name, cities: area.cities, regionSpellings: spellings };
  });
}

/**
 * Folded names, remembered: every candidate of a search is compared by place, and a place is one
 * of a few thousand city names, while folding one (Unicode normalization) costs microseconds.
 */
const FOLDED_KEPT = 20_000;
const folded = new Map<string, string>();
function fold(text: string): string {
  let value = folded.get(text);
  if (value === undefined) {
    if (folded.size >= FOLDED_KEPT) folded.clear();
    value = foldText(text.trim());
    folded.set(text, value);
  }
  return value;
}

/**
 * The areas by folded city name, each with its folded region spellings: search reads a place for
 * every candidate, so the names are folded once here, not on every comparison.
 */
function indexAreas(areas: readonly MetroArea[]): ReadonlyMap<string, readonly { name: string; regions: ReadonlySet<string> }[]> {
  const byCity = new Map<string, { name: string; regions: ReadonlySet<string> }[]>();
  for (const area of areas) {
    const entry = { name: area.name, regions: new Set(area.regionSpellings.map(fold)) };
    for (const city of area.cities) byCity.set(fold(city), [...(byCity.get(fold(city)) ?? []), entry]);
  }
  return byCity;
}

const AREAS = loadMetroAreas();
const BY_CITY = indexAreas(AREAS);

/** The area of a location "City, Region, …" (null: no region given, or no listed area). */
export function areaOfLocation(location: string | null | undefined): string | null {
  const [city, region] = (location ?? '').split(',');
  if (!city?.trim() || !region?.trim()) return null;
  const folded = fold(region);
  return BY_CITY.get(fold(city))?.find((area) => area.regions.has(folded))?.name ?? null;
}

/** The area of a city named without its region, when only one area lists that name. */
export function areaOfCityName(city: string | null | undefined): string | null {
  const found = city?.trim() ? BY_CITY.get(fold(city)) : undefined;
  return found?.length === 1 ? found[0]!.name : null;
}

/**
 * The place a search names: its city, in the viewer's own area when it is the viewer's city
 * ("near me"; their region tells two Cambridges apart), else the one area listing that name.
 */
export function placeOfQuery(city: string, viewer: Place | null): Place {
  if (viewer?.city && fold(viewer.city) === fold(city)) return viewer;
  return { city, area: areaOfCityName(city) };
}

/** How near two places are: the same city, another city of the same area, or neither (null). */
export function nearness(place: Place, member: Place): 'city' | 'area' | null {
  if (!place.city || !member.city) return null;
  if (fold(place.city) === fold(member.city)) return 'city';
  return place.area !== null && place.area === member.area ? 'area' : null;
}

/** Whether a member is at a place: the same city, or a city of the same area. */
export function isAtPlace(place: Place, member: Place): boolean {
  return nearness(place, member) !== null;
}

/** An area's cities and region spellings in lower case, as SQL compares a location's parts. */
export function areaForSql(name: string): { cities: string[]; regions: string[] } | null {
  const area = AREAS.find((a) => a.name === name);
  if (area === undefined) return null;
  const lower = (list: readonly string[]) => [...new Set(list.flatMap((x) => [x.toLowerCase(), foldText(x)]))];
  return { cities: lower(area.cities), regions: lower(area.regionSpellings) };
}
