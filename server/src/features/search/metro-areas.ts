import { z } from 'zod';

import { REGIONS } from '../../ai/builtin/standardize/gazetteer.js';
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
    return { name: area.name, cities: area.cities, regionSpellings: spellings };
  });
}

const AREAS = loadMetroAreas();
const same = (a: string, b: string) => foldText(a.trim()) === foldText(b.trim());

/** The area of a location "City, Region, …" (null: no region given, or no listed area). */
export function areaOfLocation(location: string | null | undefined, areas: readonly MetroArea[] = AREAS): string | null {
  const [city, region] = (location ?? '').split(',');
  if (!city?.trim() || !region?.trim()) return null;
  return areas.find((area) => area.regionSpellings.some((r) => same(r, region)) && area.cities.some((c) => same(c, city)))?.name ?? null;
}

/** The area of a city named without its region, when only one area lists that name. */
export function areaOfCityName(city: string | null | undefined, areas: readonly MetroArea[] = AREAS): MetroArea | null {
  if (!city?.trim()) return null;
  const found = areas.filter((area) => area.cities.some((c) => same(c, city)));
  return found.length === 1 ? found[0]! : null;
}

/**
 * The place a search names: its city, in the viewer's own area when it is the viewer's city
 * ("near me"; their region tells two Cambridges apart), else the one area listing that name.
 */
export function placeOfQuery(city: string, viewer: Place | null): Place {
  if (viewer?.city && same(viewer.city, city)) return viewer;
  return { city, area: areaOfCityName(city)?.name ?? null };
}

/** Whether a member is at a place: the same city, or a city of the same area. */
export function isAtPlace(place: Place, member: Place): boolean {
  if (!place.city || !member.city) return false;
  return same(place.city, member.city) || (place.area !== null && place.area === member.area);
}

/** An area's cities and region spellings in lower case, as SQL compares a location's parts. */
export function areaForSql(name: string, areas: readonly MetroArea[] = AREAS): { cities: string[]; regions: string[] } | null {
  const area = areas.find((a) => a.name === name);
  if (area === undefined) return null;
  const lower = (list: readonly string[]) => [...new Set(list.flatMap((x) => [x.toLowerCase(), foldText(x)]))];
  return { cities: lower(area.cities), regions: lower(area.regionSpellings) };
}
