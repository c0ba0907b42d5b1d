/**
 * Built-in, offline location standardizer: free text in English or Chinese in,
 * "City, Region, Country" out (see gazetteer.ts for the output rules).
 *
 * How it reads an input:
 * 1. Split it into segments on , + / | ; 、 and newlines; inside a segment, spaces, hyphens and
 *    other punctuation separate words. Words holding a digit (postal codes, street numbers)
 *    are dropped.
 * 2. Find known names by longest match: over words for Latin text, over characters for Chinese
 *    (which has no spaces). What is left forms "leftover" groups that may be a city we do not
 *    know ("Smalltown, BC"). A one-letter typo in a long single word is forgiven ("Vancover").
 * 3. Try every consistent reading (each name as one of its places, as a city name we keep as
 *    typed, or left out where that is allowed) and keep the best one: complete before
 *    incomplete, then known names before kept-as-typed ones, then the fewest left-out names,
 *    then the fewest typo fixes, then the default city for an ambiguous name.
 * A reading that conflicts with itself ("Vancouver, BC, USA") is never produced: it is unknown.
 * Two consequences worth knowing: a known city beats leftover words ("Kitsilano, Vancouver" is
 * Vancouver), and a typed region beats our list, so a listed name in another region is kept as
 * typed ("Paris, Texas" is Paris, TX; "Richmond, QC" is Richmond, QC).
 */
import { CITIES, CITY_DEFAULTS, COUNTRIES, NOISE_AREAS, REGIONS, type NameList } from './gazetteer.js';
import { HAN_CHAR, foldText, hasHan, isBlank, withinOneEdit } from './text.js';

export type LocationFailure = 'empty' | 'unknown' | 'incomplete';
export type LocationResult = { ok: true; standardized: string } | { ok: false; reason: LocationFailure };

interface Country {
  readonly name: string;
}

interface Region {
  /** What is printed: the postal code in Canada and the US, the full name elsewhere. */
  readonly label: string;
  readonly country: Country;
}

interface City {
  readonly name: string;
  readonly region: Region;
}

type Place =
  | { readonly kind: 'country'; readonly country: Country }
  | { readonly kind: 'region'; readonly region: Region }
  | { readonly kind: 'city'; readonly city: City };

interface PlaceIndex {
  /** Latin-script keys: folded words joined by single spaces. An empty list marks a noise area. */
  readonly words: ReadonlyMap<string, readonly Place[]>;
  /** Chinese keys, matched as substrings. */
  readonly han: ReadonlyMap<string, readonly Place[]>;
  readonly maxWords: number;
  readonly maxHan: number;
}

// ── Keys ─────────────────────────────────────────────────────────────────────

/** A word is a run of letters/digits; apostrophes and dots stay inside it ("St.", "D.C."). */
const WORD = /[\p{L}\p{N}'’.]+/gu;
const HAN_OR_WORD = /\p{Script=Han}+|[\p{L}\p{N}'’.]+/gu;
const SEGMENT_SEPARATORS = /[,+/|;、。\n\r\t]+/;

/** Dots and apostrophes vanish so "St. John's" and "st johns", "U.S." and "US" meet. */
function wordKey(word: string): string {
  return foldText(word).replace(/['’.]/g, '');
}

function latinKey(name: string): string {
  return (name.match(WORD) ?? []).map(wordKey).filter(Boolean).join(' ');
}

/** Spellings people use interchangeably inside place names. */
const WORD_VARIANTS: Readonly<Record<string, string>> = {
  st: 'saint',
  saint: 'st',
  ste: 'sainte',
  sainte: 'ste',
  mt: 'mount',
  mount: 'mt',
  ft: 'fort',
  fort: 'ft',
};

/** Every spelling of a key under WORD_VARIANTS, the key itself first. */
function keyVariants(key: string): string[] {
  let variants = [''];
  for (const word of key.split(' ')) {
    const options = WORD_VARIANTS[word] === undefined ? [word] : [word, WORD_VARIANTS[word]];
    variants = variants.flatMap((prefix) => options.map((option) => (prefix ? `${prefix} ${option}` : option)));
  }
  return variants;
}

/** The keys a gazetteer name is filed under. */
function aliasKeys(alias: string): { han: boolean; keys: string[] } {
  if (hasHan(alias)) {
    const compact = alias.normalize('NFKC').replace(/\s+/g, '');
    if ([...compact].some((ch) => !HAN_CHAR.test(ch))) {
      throw new Error(`Gazetteer alias mixes Chinese and other characters: "${alias}"`);
    }
    return { han: true, keys: [compact] };
  }
  const key = latinKey(alias);
  return { han: false, keys: key ? keyVariants(key) : [] };
}

// ── Index ────────────────────────────────────────────────────────────────────

function formatCity(city: City): string {
  return `${city.name}, ${city.region.label}, ${city.region.country.name}`;
}

function placeTarget(place: Place): Country | Region | City {
  if (place.kind === 'country') return place.country;
  return place.kind === 'region' ? place.region : place.city;
}

function addPlace(map: Map<string, Place[]>, key: string, place: Place): void {
  const places = map.get(key) ?? [];
  if (!places.some((p) => placeTarget(p) === placeTarget(place))) places.push(place);
  map.set(key, places);
}

function fileNames(names: NameList, place: Place, words: Map<string, Place[]>, han: Map<string, Place[]>): void {
  for (const alias of names) {
    const { han: isHan, keys } = aliasKeys(alias);
    for (const key of keys) addPlace(isHan ? han : words, key, place);
  }
}

/** CITY_DEFAULTS filed under every key its names produce. */
function defaultsByKey(): Map<string, string> {
  const defaults = new Map<string, string>();
  for (const [name, city] of Object.entries(CITY_DEFAULTS)) {
    for (const key of aliasKeys(name).keys) defaults.set(key, city);
  }
  return defaults;
}

/**
 * Puts the default city first among a key's places, so "first city" means "default city"
 * everywhere else. Fails loudly on a shared name without a default: that is a data bug.
 */
function withDefaultFirst(key: string, places: Place[], defaults: ReadonlyMap<string, string>): Place[] {
  const cities = places.filter((p): p is Extract<Place, { kind: 'city' }> => p.kind === 'city');
  if (cities.length < 2) return places;
  const names = new Set(cities.map((p) => p.city.name));
  const [onlyName] = names;
  const wanted = defaults.get(key) ?? (names.size === 1 && onlyName ? defaults.get(latinKey(onlyName)) : undefined);
  const chosen = cities.find((p) => formatCity(p.city) === wanted);
  if (!chosen) throw new Error(`Gazetteer: "${key}" names several cities; give it a CITY_DEFAULTS entry`);
  return [chosen, ...places.filter((p) => p !== chosen)];
}

function buildIndex(): PlaceIndex {
  const words = new Map<string, Place[]>();
  const han = new Map<string, Place[]>();

  const countries = new Map<string, Country>();
  for (const names of COUNTRIES) {
    const country: Country = { name: names[0] };
    countries.set(country.name, country);
    fileNames(names, { kind: 'country', country }, words, han);
  }

  const regions = new Map<string, Region>();
  for (const group of REGIONS) {
    const country = countries.get(group.country);
    if (!country) throw new Error(`Gazetteer: unknown country "${group.country}" in REGIONS`);
    for (const names of group.regions) {
      const region: Region = { label: names[0], country };
      regions.set(`${country.name}|${region.label}`, region);
      fileNames(names, { kind: 'region', region }, words, han);
    }
  }

  for (const group of CITIES) {
    const region = regions.get(`${group.country}|${group.region}`);
    if (!region) throw new Error(`Gazetteer: unknown region "${group.region}, ${group.country}" in CITIES`);
    for (const names of group.cities) {
      fileNames(names, { kind: 'city', city: { name: names[0], region } }, words, han);
    }
  }

  for (const area of NOISE_AREAS) {
    const { han: isHan, keys } = aliasKeys(area);
    const map = isHan ? han : words;
    for (const key of keys) if (!map.has(key)) map.set(key, []);
  }

  const defaults = defaultsByKey();
  for (const map of [words, han]) {
    for (const [key, places] of map) map.set(key, withDefaultFirst(key, places, defaults));
  }

  const longest = (keys: Iterable<string>, size: (key: string) => number) =>
    Math.max(1, ...[...keys].map(size));
  return {
    words,
    han,
    maxWords: longest(words.keys(), (key) => key.split(' ').length),
    maxHan: longest(han.keys(), (key) => [...key].length),
  };
}

const INDEX: PlaceIndex = buildIndex();

/** Every city the gazetteer knows, formatted; for tests and for documentation counts. */
export function knownCities(): string[] {
  const all = new Set<string>();
  for (const places of [...INDEX.words.values(), ...INDEX.han.values()]) {
    for (const place of places) if (place.kind === 'city') all.add(formatCity(place.city));
  }
  return [...all];
}

// ── Reading the input ────────────────────────────────────────────────────────

/** Words that carry no place: "City of Vancouver", "I live in Burnaby", "Greater Toronto Area". */
const STOPWORDS: ReadonlySet<string> = new Set([
  'the',
  'of',
  'and',
  'at',
  'from',
  'near',
  'i',
  'im',
  'my',
  'live',
  'living',
  'based',
  'currently',
  'located',
  'city',
  'town',
  'village',
  'township',
  'municipality',
  'district',
  'county',
  'province',
  'prov',
  'state',
  'country',
  'prefecture',
  'region',
  'area',
  'greater',
  'metro',
  'metropolitan',
  'downtown',
  'uptown',
  'centre',
  'center',
  'suburb',
  'suburbs',
  'neighbourhood',
  'neighborhood',
  'hometown',
  'home',
]);

/**
 * Place keys that are also everyday words (Indiana "in", Ontario "on", Maine "me"…). They may
 * be left out of a reading at a cost, so "I live in London" stays in England.
 */
const WEAK_KEYS: ReadonlySet<string> = new Set([
  'in',
  'on',
  'me',
  'or',
  'hi',
  'ok',
  'oh',
  'de',
  'la',
  'al',
  'pa',
  'ma',
  'id',
  'co',
  'us',
  'act',
]);

/** One thing found in the input: a known name, a typo of one, or leftover words. */
interface Piece {
  readonly places: readonly Place[];
  /** The typed text, when it could stand as a city name the gazetteer does not know. */
  readonly literal: string | undefined;
  /** Cost of leaving the piece out of a reading; undefined when it must be used. */
  readonly ignoreCost: number | undefined;
  /** Whether the places come from forgiving a typo. */
  readonly fuzzy: boolean;
}

interface Word {
  readonly key: string;
  readonly start: number;
  readonly end: number;
}

const MAX_INPUT_LENGTH = 300;
const MAX_PIECES = 16;
/** Readings explored at most; real inputs need a few dozen, this only bounds pathological ones. */
const MAX_STEPS = 20_000;
const MIN_FUZZY_LENGTH = 6;

/** Text kept as a city name must look like one: Latin letters, at most four words. */
function asLiteral(text: string): string | undefined {
  const clean = text.replace(/\s+/g, ' ').trim();
  const shaped = /^\p{Script=Latin}+(?:(?:[ '’-]|\. ?)\p{Script=Latin}+)*\.?$/u.test(clean);
  const letters = clean.replace(/[^\p{L}]/gu, '').length;
  return shaped && letters >= 2 && clean.length <= 40 && clean.split(/[ -]/).length <= 4 ? clean : undefined;
}

/** Small words that stay lower-case inside a place name ("Saint-Jean-sur-Richelieu"). */
const PARTICLES: ReadonlySet<string> = new Set(['de', 'du', 'des', 'la', 'le', 'les', 'sur', 'of', 'the', 'and', 'upon', 'on']);

/** Title Case for a city we keep as typed; deliberate mixed case ("McBride") is left alone. */
function titleCase(text: string): string {
  return text
    .split(/([ -])/)
    .map((part, i) => {
      if (part === ' ' || part === '-' || part === '') return part;
      const uniform = part === part.toLowerCase() || part === part.toUpperCase();
      if (!uniform) return part;
      const lower = part.toLowerCase();
      if (i > 0 && PARTICLES.has(lower)) return lower;
      return lower.charAt(0).toUpperCase() + lower.slice(1);
    })
    .join('');
}

/** Single-word keys close to a misspelt word, for leftover words only. */
function fuzzyPlaces(key: string): Place[] {
  if (key.length < MIN_FUZZY_LENGTH || /\d/.test(key)) return [];
  const found: Place[] = [];
  for (const [candidate, places] of INDEX.words) {
    if (candidate.length < MIN_FUZZY_LENGTH || candidate.includes(' ')) continue;
    if (withinOneEdit(key, candidate)) found.push(...places);
  }
  return found;
}

function leftoverPiece(segment: string, words: readonly Word[]): Piece | undefined {
  const first = words[0];
  const last = words[words.length - 1];
  if (!first || !last) return undefined;
  const places = words.length === 1 ? fuzzyPlaces(first.key) : [];
  return {
    places,
    literal: asLiteral(segment.slice(first.start, last.end)),
    ignoreCost: 0,
    fuzzy: places.length > 0,
  };
}

/** Longest-match scan of one run of Latin-script words. */
function scanWords(segment: string, words: readonly Word[], pieces: Piece[]): void {
  let leftover: Word[] = [];
  const flush = () => {
    const piece = leftoverPiece(segment, leftover);
    if (piece) pieces.push(piece);
    leftover = [];
  };

  let i = 0;
  while (i < words.length) {
    let matched = false;
    for (let size = Math.min(INDEX.maxWords, words.length - i); size >= 1 && !matched; size -= 1) {
      const slice = words.slice(i, i + size);
      const key = slice.map((w) => w.key).join(' ');
      const places = INDEX.words.get(key);
      const first = slice[0];
      const last = slice[slice.length - 1];
      if (!places || !first || !last) continue;
      flush();
      const weak = WEAK_KEYS.has(key);
      // A known city name may still be another, unlisted place ("Paris, Texas"); a country or
      // region name never stands as a city.
      const mayBeCity = !weak && places.some((p) => p.kind === 'city');
      pieces.push({
        places,
        literal: mayBeCity ? asLiteral(segment.slice(first.start, last.end)) : undefined,
        ignoreCost: weak ? 1 : places.length === 0 ? 0 : undefined,
        fuzzy: false,
      });
      i += size;
      matched = true;
    }
    if (matched) continue;
    const word = words[i];
    if (word && STOPWORDS.has(word.key)) flush();
    else if (word) leftover.push(word);
    i += 1;
  }
  flush();
}

/**
 * Longest-match scan of a run of Chinese characters. Unmatched characters (省, 市, 我住在…)
 * are skipped: they cannot be kept as an English city name anyway. A short city name inside
 * running Chinese text may be a coincidence (三角洲 in 珠江三角洲 is not Delta, BC), so a
 * city-only match can be left out of a reading at a cost; a country or region name cannot.
 */
function scanHan(text: string, pieces: Piece[]): void {
  const chars = [...text];
  let i = 0;
  while (i < chars.length) {
    let size = Math.min(INDEX.maxHan, chars.length - i);
    for (; size >= 1; size -= 1) {
      const places = INDEX.han.get(chars.slice(i, i + size).join(''));
      if (!places) continue;
      const cityOnly = places.every((p) => p.kind === 'city');
      pieces.push({ places, literal: undefined, ignoreCost: places.length === 0 ? 0 : cityOnly ? 1 : undefined, fuzzy: false });
      break;
    }
    i += Math.max(size, 1);
  }
}

function scanSegment(segment: string, pieces: Piece[]): void {
  let words: Word[] = [];
  const flushWords = () => {
    scanWords(segment, words, pieces);
    words = [];
  };
  for (const match of segment.matchAll(HAN_OR_WORD)) {
    const raw = match[0];
    if (hasHan(raw)) {
      flushWords();
      scanHan(raw, pieces);
      continue;
    }
    const key = wordKey(raw);
    // Postal codes, ZIP codes and street numbers say nothing we can standardize.
    if (!key || /\d/.test(key)) continue;
    words.push({ key, start: match.index, end: match.index + raw.length });
  }
  flushWords();
}

function scan(input: string): Piece[] {
  const pieces: Piece[] = [];
  for (const segment of input.normalize('NFKC').split(SEGMENT_SEPARATORS)) scanSegment(segment, pieces);
  return pieces;
}

// ── Choosing a reading ───────────────────────────────────────────────────────

interface Reading {
  readonly city?: City;
  readonly literal?: { readonly text: string; readonly piece: number };
  readonly region?: Region;
  readonly country?: Country;
  /** Pieces read as a known place: the literal city should sit next to one of them. */
  readonly placed: readonly number[];
  readonly literals: number;
  readonly ignored: number;
  readonly fuzzy: number;
  readonly nonDefault: number;
}

const EMPTY_READING: Reading = { placed: [], literals: 0, ignored: 0, fuzzy: 0, nonDefault: 0 };

/** Adds one place to a reading, or undefined when it contradicts what the reading holds. */
function withPlace(reading: Reading, place: Place): Reading | undefined {
  if (place.kind === 'country') {
    if (reading.country && reading.country !== place.country) return undefined;
    return { ...reading, country: place.country };
  }
  if (place.kind === 'region') {
    const { region } = place;
    if (reading.region && reading.region !== region) return undefined;
    if (reading.country && reading.country !== region.country) return undefined;
    return { ...reading, region, country: region.country };
  }
  const { city } = place;
  if (reading.literal || (reading.city && reading.city !== city)) return undefined;
  if (reading.region && reading.region !== city.region) return undefined;
  if (reading.country && reading.country !== city.region.country) return undefined;
  return { ...reading, city, region: city.region, country: city.region.country };
}

function isComplete(reading: Reading): boolean {
  return reading.city !== undefined || (reading.literal !== undefined && reading.region !== undefined);
}

function literalDistance(reading: Reading): number {
  const at = reading.literal?.piece;
  if (at === undefined) return 0;
  return Math.min(MAX_PIECES, ...reading.placed.map((p) => Math.abs(p - at)));
}

/** Lower is better, compared left to right; see the summary at the top of the file. */
function rank(reading: Reading): number[] {
  return [
    isComplete(reading) ? 0 : 1,
    reading.literals,
    reading.ignored,
    reading.fuzzy,
    reading.nonDefault,
    literalDistance(reading),
  ];
}

/**
 * The best rank a partial reading could still reach: its costs only grow as pieces are added,
 * while completeness and the literal's distance may still improve.
 */
function bestPossibleRank(reading: Reading): number[] {
  return [0, reading.literals, reading.ignored, reading.fuzzy, reading.nonDefault, 0];
}

function better(a: readonly number[], b: readonly number[]): boolean {
  for (let i = 0; i < a.length; i += 1) {
    const x = a[i] ?? 0;
    const y = b[i] ?? 0;
    if (x !== y) return x < y;
  }
  return false;
}

/** The options for one piece, each as the reading it leads to. */
function extensions(reading: Reading, piece: Piece, at: number): Reading[] {
  const next: Reading[] = [];
  const firstCity = piece.places.find((p) => p.kind === 'city');
  for (const place of piece.places) {
    const extended = withPlace(reading, place);
    if (!extended) continue;
    next.push({
      ...extended,
      placed: [...reading.placed, at],
      fuzzy: reading.fuzzy + (piece.fuzzy ? 1 : 0),
      nonDefault: reading.nonDefault + (place.kind === 'city' && place !== firstCity ? 1 : 0),
    });
  }
  if (piece.literal !== undefined && !reading.city && !reading.literal) {
    next.push({ ...reading, literal: { text: piece.literal, piece: at }, literals: reading.literals + 1 });
  }
  if (piece.ignoreCost !== undefined) next.push({ ...reading, ignored: reading.ignored + piece.ignoreCost });
  return next;
}

function bestReading(pieces: readonly Piece[]): Reading | undefined {
  let best: { reading: Reading; rank: number[] } | undefined;
  let steps = 0;
  const visit = (reading: Reading, at: number): void => {
    steps += 1;
    if (steps > MAX_STEPS) return;
    if (best && !better(bestPossibleRank(reading), best.rank)) return;
    const piece = pieces[at];
    if (!piece) {
      const known = reading.city ?? reading.region ?? reading.country;
      if (!known) return;
      const score = rank(reading);
      if (!best || better(score, best.rank)) best = { reading, rank: score };
      return;
    }
    for (const next of extensions(reading, piece, at)) visit(next, at + 1);
  };
  visit(EMPTY_READING, 0);
  return best?.reading;
}

function format(reading: Reading): string | undefined {
  if (reading.city) return formatCity(reading.city);
  if (reading.literal && reading.region) {
    return `${titleCase(reading.literal.text)}, ${reading.region.label}, ${reading.region.country.name}`;
  }
  return undefined;
}

export function standardizeLocation(input: string): LocationResult {
  if (isBlank(input)) return { ok: false, reason: 'empty' };
  if (input.length > MAX_INPUT_LENGTH) return { ok: false, reason: 'unknown' };
  const pieces = scan(input);
  if (pieces.length === 0 || pieces.length > MAX_PIECES) return { ok: false, reason: 'unknown' };
  const reading = bestReading(pieces);
  if (!reading) return { ok: false, reason: 'unknown' };
  const standardized = format(reading);
  return standardized ? { ok: true, standardized } : { ok: false, reason: 'incomplete' };
}
