import { cpuPerRequest, type CpuSnapshot, cpuSnapshot } from './bench-cpu.js';

const snapshot = (server: number, postgres: Record<string, number>, self: number): CpuSnapshot => ({
  server,
  postgres: new Map(Object.entries(postgres)),
  self,
});

describe('bench CPU accounting', () => {
  it('reads a running process’s CPU, which grows as it works', () => {
    const before = cpuSnapshot(process.pid);
    const until = Date.now() + 60;
    let spin = 0;
    while (Date.now() < until) spin += 1;
    const after = cpuSnapshot(process.pid);
    expect(spin).toBeGreaterThan(0);
    expect(after.server).toBeGreaterThanOrEqual(before.server);
    expect(after.self).toBeGreaterThan(before.self);
  });

  it('counts each Postgres process’s own growth: new backends from zero, ended ones not at all', () => {
    const before = snapshot(100, { '10': 50, '11': 20, '12': 5 }, 1);
    const after = snapshot(130, { '10': 80, '11': 20, '13': 10 }, 4);
    expect(cpuPerRequest(before, after, 10)).toEqual({ server: 3, postgres: 4, clients: 0.3 });
  });

  it('says nothing of Postgres when none runs on this machine', () => {
    expect(cpuPerRequest(snapshot(0, {}, 0), snapshot(10, {}, 1), 5).postgres).toBeNaN();
  });
});
