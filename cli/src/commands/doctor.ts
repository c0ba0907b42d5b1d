import type { Command } from 'commander';

import type { DoctorReport } from '../../../server/src/features/doctor/doctor.service.js';
import { runDoctor } from '../../../server/src/features/doctor/doctor.service.js';
import { loadDotEnv } from '../run-with-context.js';

const LABEL = { ok: 'ok', warn: 'warn', fail: 'FAIL', skip: 'skip' } as const;

/** One line per check: `ok    database            reachable, Postgres 15.10 (12 ms)`. */
export function formatReport(report: DoctorReport): string {
  const width = Math.max(...report.checks.map((check) => check.name.length)) + 2;
  return report.checks.map((check) => `${LABEL[check.status].padEnd(6)}${check.name.padEnd(width)}${check.detail}`).join('\n');
}

export function registerDoctor(program: Command): void {
  program
    .command('doctor')
    .description('check the settings and everything Kindred depends on, writing nothing; exit 1 when a check fails')
    .option('--json', 'print { ok, checks: [{ name, status, detail }] }')
    .action(async (options: { json?: boolean }) => {
      // Not runWithContext: building the app's context migrates the embedded database and starts
      // workers, and doctor must see things as they are and change nothing.
      loadDotEnv();
      const report = await runDoctor({ env: process.env });
      console.log(options.json ? JSON.stringify(report) : formatReport(report));
      if (!report.ok) process.exitCode = 1;
      // A probe abandoned at its deadline may still hold a socket for a moment; it must not keep
      // doctor running after its report.
      setTimeout(() => process.exit(), 2000).unref();
    });
}
