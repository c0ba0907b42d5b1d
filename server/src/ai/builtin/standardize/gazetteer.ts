/**
 * Offline gazetteer for the built-in location standardizer: countries, first-level regions and
 * cities, each with the spellings members actually type (English, French, local, Chinese). The
 * places are data, in content/standardize/gazetteer.json; this module reads and checks them.
 *
 * Output rules ("City, Region, Country", always exactly three comma-free parts):
 * - Canada: region is the Canada Post two-letter code ("Toronto, ON, Canada").
 * - United States: region is the USPS two-letter code; the capital is "Washington, DC, United States".
 * - Everywhere else: region is the full English name of the first-level division (province,
 *   state, prefecture, constituent country, municipality or SAR), never an abbreviation:
 *   "Sydney, New South Wales, Australia", "London, England, United Kingdom",
 *   "Shanghai, Shanghai, China", "Hong Kong, Hong Kong, China", "Tokyo, Tokyo, Japan".
 *   A city-state repeats its name: "Singapore, Singapore, Singapore".
 * - Names use the English exonym when one is in everyday use (Montreal, Quebec City, Munich,
 *   Cologne, Kyiv) and otherwise the local spelling with its diacritics (Trois-Rivières,
 *   São Paulo, Düsseldorf). Matching ignores case and accents, so either spelling is accepted.
 * - Taiwan is its own country-level entry (it has its own ISO 3166-1 code), so Taipei is
 *   "Taipei, Taipei, Taiwan". This is a product decision, easy to change in the data.
 *
 * Ambiguous city names (London, Richmond, Vancouver…) resolve through CITY_DEFAULTS unless the
 * input names a region or country that picks another one. The rule behind the defaults:
 * a British Columbia place wins (the campus is in Metro Vancouver); otherwise a Canadian place
 * wins, unless a foreign namesake is a globally prominent city (London, Sydney, Cambridge,
 * Birmingham, Manchester, Saint Petersburg); between two foreign namesakes the larger one wins.
 *
 * Data shape: every name list is `[output name, ...aliases]`. An alias is either all Han
 * characters (matched as a substring, since Chinese has no spaces) or contains none.
 */

import { z } from 'zod';

import { contentComment, contentText, loadJsonContent } from '../../../content.js';

/** `[output name, ...aliases]`: the first entry is what the standardizer prints. */
export type NameList = readonly [string, ...string[]];

export interface RegionGroup {
  readonly country: string;
  readonly regions: readonly NameList[];
}

export interface CityGroup {
  readonly country: string;
  /** The region's output name (its first NameList entry) within that country. */
  readonly region: string;
  /** For whoever edits the list (why it is ordered as it is); the code ignores it. */
  readonly note?: string;
  readonly cities: readonly NameList[];
}

export interface Gazetteer {
  /** The 193 UN members, the two UN observer states, Taiwan and Kosovo. */
  readonly countries: readonly NameList[];
  readonly regions: readonly RegionGroup[];
  readonly cities: readonly CityGroup[];
  /**
   * Which city a name means when the input gives no region or country to tell (see the rule at
   * the top of this file). Keys are any spelling of the name; values are the full output.
   * Loading the gazetteer fails if a name shared by several cities has no entry here.
   */
  readonly cityDefaults: Readonly<Record<string, string>>;
  /**
   * Areas that are neither a city nor a first-level region (continents, islands, valleys).
   * They are recognised only so that their words are not misread: "Vancouver Island" is not
   * Vancouver, and "South America" is not the United States.
   */
  readonly noiseAreas: readonly string[];
}

const nameList = z.tuple([contentText], contentText);
const gazetteerSchema = z.strictObject({
  $comment: contentComment,
  countries: z.array(nameList).min(1),
  regions: z.array(z.strictObject({ country: contentText, regions: z.array(nameList).min(1) })),
  cities: z.array(z.strictObject({ country: contentText, region: contentText, note: z.string().optional(), cities: z.array(nameList).min(1) })),
  cityDefaults: z.record(contentText, z.string().regex(/^[^,]+, [^,]+, [^,]+$/, 'expected "City, Region, Country"')),
  noiseAreas: z.array(contentText),
}) satisfies z.ZodType<Gazetteer>;

export const GAZETTEER_FILE = 'standardize/gazetteer.json';

/** The gazetteer in `file` (content/standardize/gazetteer.json unless a test names another). */
export function loadGazetteer(file = GAZETTEER_FILE): Gazetteer {
  return loadJsonContent(gazetteerSchema, file);
}

const GAZETTEER = loadGazetteer();

export const COUNTRIES: readonly NameList[] = GAZETTEER.countries;
export const REGIONS: readonly RegionGroup[] = GAZETTEER.regions;
export const CITIES: readonly CityGroup[] = GAZETTEER.cities;
export const CITY_DEFAULTS: Readonly<Record<string, string>> = GAZETTEER.cityDefaults;
export const NOISE_AREAS: readonly string[] = GAZETTEER.noiseAreas;
