import { judge, machineNote, minuteTable, percentile, Recorder, type Sample, summarize, windowsFor } from './stats.js';
import { Deck, MIX, seededRandom } from './scenarios.js';
import { multipart } from './http.js';

/** A run of `minutes` with one request every 100 ms, latency from `latency(at)`. */
function run(minutes: number, latency: (at: number) => number, status: (at: number) => number = () => 200): Recorder {
  const rec = new Recorder();
  for (let at = 0; at < minutes * 60_000; at += 100) {
    const s = status(at);
    rec.add({ kind: at % 200 === 0 ? 'feed' : 'search', at, latencyMs: latency(at), status: s, failed: s !== 200 });
  }
  return rec;
}

function readings(minutes: number, rss: (at: number) => number, connections: (at: number) => number = () => 6, other = 0): Sample[] {
  const out: Sample[] = [];
  for (let at = 0; at <= minutes * 60_000; at += 5000) out.push({ at, rssMiB: rss(at), connections: connections(at), cpu: at === 0 ? undefined : { app: 5000, postgres: 2000, soak: 300, other: other * 100, capacity: 10_000 } });
  return out;
}

const pool = { poolMax: 10, settled: 1 };

describe('soak statistics', () => {
  it('takes nearest-rank percentiles', () => {
    const values = Array.from({ length: 100 }, (_, i) => 100 - i);
    expect(percentile(values, 50)).toBe(50);
    expect(percentile(values, 95)).toBe(95);
    expect(percentile(values, 99)).toBe(99);
    expect(percentile([], 95)).toBeNaN();
  });

  it('summarizes the requests due in a window, per kind as well', () => {
    const rec = run(2, (at) => (at < 60_000 ? 10 : 20), (at) => (at === 61_000 ? 503 : 200));
    const minute2 = summarize(rec, 60_000, 120_000);
    expect(minute2).toMatchObject({ requests: 600, rps: 10, p50: 20, failed: 1, serverErrors: 1 });
    expect(summarize(rec, 0, 60_000, 'feed').requests).toBe(300);
  });

  it('compares the first and last minute, or for one minute the first and last 20 s after 10 s of warm-up', () => {
    expect(windowsFor(10)).toMatchObject({ runMs: 600_000, first: { from: 0, to: 60_000 }, last: { from: 540_000, to: 600_000 } });
    expect(windowsFor(1)).toMatchObject({ runMs: 60_000, first: { from: 10_000, to: 30_000 }, last: { from: 40_000, to: 60_000 } });
  });

  it('passes a steady run', () => {
    const criteria = judge(run(3, () => 30), readings(3, () => 400), windowsFor(3), pool);
    expect(criteria.map((c) => c.pass)).toEqual([true, true, true, true, true]);
  });

  it('fails a slowdown, growing memory, a 5xx, too many connections or clients never given back', () => {
    const w = windowsFor(3);
    const slower = judge(run(3, (at) => (at >= 120_000 ? 40 : 30)), readings(3, (at) => 400 + at / 2000), w, pool);
    expect(slower.map((c) => c.pass)).toEqual([true, true, false, false, true]);
    expect(slower[2]!.value).toBe('40.0 ms against 30.0 ms: 1.33×');
    expect(slower[3]!.value).toBe('430 MiB → 490 MiB: +14.0 %');
    const broken = judge(run(3, () => 30, (at) => (at === 5000 ? 500 : 200)), readings(3, () => 400, (at) => (at === 90_000 ? 11 : 6)), w, pool);
    expect(broken.map((c) => c.pass)).toEqual([false, false, true, true, false]);
    expect(judge(run(3, () => 30), readings(3, () => 400), w, { poolMax: 10, settled: 4 })[4]!.pass).toBe(false);
  });

  it('reports but does not judge latency and memory trends in a smoke under 2 minutes; errors and connections always', () => {
    const smoke = judge(run(1, (at) => (at >= 40_000 ? 40 : 30)), readings(1, (at) => 400 + at / 500), windowsFor(1), pool);
    expect(smoke.map((c) => c.judged)).toEqual([true, true, false, false, true]);
    expect(smoke.map((c) => c.pass)).toEqual([true, true, false, false, true]);
    expect(judge(run(3, () => 30), readings(3, () => 400), windowsFor(3), pool).every((c) => c.judged)).toBe(true);
  });

  it('prints one row per minute (per 20 s for one minute) with the CPU shares', () => {
    const table = minuteTable(run(1, () => 30), readings(1, () => 400), 1).split('\n');
    expect(table).toHaveLength(5);
    // 4 readings of 5 s in the window: 20 s of app CPU (of 40 s the two cores had) for 200 requests.
    expect(table[2]).toBe('| 0–20 | 200 | 10.0 | 30.0 | 30.0 | 30.0 | 0 | 0 | 400 | 6–6 | 50 / 20 / 3 / 0 | 100.00 / 40.00 |');
  });

  it('says when other processes took the machine', () => {
    expect(machineNote(readings(3, () => 400), windowsFor(3))).toMatch(/The machine was quiet\.$/);
    expect(machineNote(readings(3, () => 400, () => 6, 40), windowsFor(3))).toMatch(/The machine was shared/);
  });
});

describe('soak mix', () => {
  it('weighs to 100, and deals every action its weight in each 100', () => {
    expect(MIX.reduce((sum, m) => sum + m.weight, 0)).toBe(100);
    const deck = new Deck(seededRandom(1));
    const dealt = new Map<string, number>();
    for (let i = 0; i < 100; i += 1) {
      const action = deck.next();
      dealt.set(action, (dealt.get(action) ?? 0) + 1);
    }
    for (const m of MIX) expect(dealt.get(m.action)).toBe(m.weight);
  });

  it('builds a multipart body as FormData does', async () => {
    const body = multipart([
      { name: 'type', value: 'image' },
      { name: 'images', filename: 'a.jpg', type: 'image/jpeg', data: Buffer.from([0xff, 0xd8, 0xff]) },
    ]);
    const parsed = await new Response(body.data, { headers: { 'content-type': body.type } }).formData();
    expect(parsed.get('type')).toBe('image');
    const file = parsed.get('images') as File;
    expect(file.name).toBe('a.jpg');
    expect(Buffer.from(await file.arrayBuffer())).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
  });
});
