/**
 * Benchmark and quality report for the built-in embedding model:
 *
 *   npx tsx tools/embedding-bench/bench.ts
 *
 * Prints throughput on 1,000 profile-length texts (about 60 words each) and the retrieval
 * accuracy on the fixture set. Not a test: timings depend on the machine, so nothing here fails.
 */
import { BUILTIN_EMBEDDING_DIMENSIONS, BUILTIN_EMBEDDING_MODEL, embedTexts } from '../../server/src/ai/builtin/embedding/embed.js';
import { HARD_QUERIES, PROFILES, QUERIES, topKAccuracy } from './retrieval-fixture.js';

const TEXT_COUNT = 1000;
const TARGET_WORDS = 60;
const RUNS = 5;

/** Sentences to build synthetic profiles from: the fixture's, split at sentence ends. */
function sentencePool(): string[] {
  return PROFILES.flatMap((profile) => profile.text.split(/(?<=[.!?。])\s*/u)).filter((sentence) => sentence.trim() !== '');
}

function wordCount(text: string): number {
  return text.split(/\s+/u).filter((word) => word !== '').length;
}

/**
 * `count` different texts of about `targetWords` words: sentence i·7 + k·13 of the pool for
 * text i, which mixes topics without randomness, plus the text's number so no two are equal.
 */
function syntheticProfiles(count: number, targetWords: number): string[] {
  const pool = sentencePool();
  return Array.from({ length: count }, (_, i) => {
    const parts: string[] = [`Member ${i}.`];
    for (let k = 0; wordCount(parts.join(' ')) < targetWords; k += 1) parts.push(pool[(i * 7 + k * 13) % pool.length] ?? '');
    return parts.join(' ');
  });
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

function timeRuns(texts: readonly string[]): number[] {
  embedTexts(texts); // warm-up: lets V8 optimize before anything is timed
  return Array.from({ length: RUNS }, () => {
    const start = performance.now();
    embedTexts(texts);
    return performance.now() - start;
  });
}

function percent(share: number): string {
  return `${(share * 100).toFixed(0)}%`;
}

function main(): void {
  const texts = syntheticProfiles(TEXT_COUNT, TARGET_WORDS);
  const averageWords = texts.reduce((sum, text) => sum + wordCount(text), 0) / texts.length;
  const runs = timeRuns(texts);
  const medianMs = median(runs);

  console.log(`model           ${BUILTIN_EMBEDDING_MODEL} (${BUILTIN_EMBEDDING_DIMENSIONS} dimensions)`);
  console.log(`texts           ${TEXT_COUNT} × ~${averageWords.toFixed(0)} words`);
  console.log(`time (median)   ${medianMs.toFixed(1)} ms for ${TEXT_COUNT} texts (runs: ${runs.map((ms) => ms.toFixed(0)).join(', ')} ms)`);
  console.log(`throughput      ${Math.round((TEXT_COUNT / medianMs) * 1000).toLocaleString('en-US')} texts/second`);
  console.log(`retrieval       ${PROFILES.length} profiles`);
  console.log(`  top-1         ${percent(topKAccuracy(QUERIES, 1))} of ${QUERIES.length} queries`);
  console.log(`  hard top-1    ${percent(topKAccuracy(HARD_QUERIES, 1))} of ${HARD_QUERIES.length} queries`);
  console.log(`  hard top-3    ${percent(topKAccuracy(HARD_QUERIES, 3))} of ${HARD_QUERIES.length} queries`);
}

main();
