import { readFileSync } from 'node:fs';
import { z } from 'zod';

/*
 * Where a test run's time went: the files that took longest, from vitest's JSON report
 * (.ci/run writes one per pass). Usage: node scripts/test-times.ts report.json [count]
 */

const Report = z.object({
  testResults: z.array(z.object({ name: z.string(), startTime: z.number(), endTime: z.number(), assertionResults: z.array(z.unknown()) })),
});

const [path, count = '15'] = process.argv.slice(2);
if (!path) throw new Error('Usage: node scripts/test-times.ts report.json [count]');
const report = Report.parse(JSON.parse(readFileSync(path, 'utf8')));
const files = report.testResults
  .map((file) => ({ name: file.name.replace(`${process.cwd()}/`, ''), seconds: (file.endTime - file.startTime) / 1000, tests: file.assertionResults.length }))
  .sort((a, b) => b.seconds - a.seconds);
const total = files.reduce((sum, file) => sum + file.seconds, 0);
console.log(`${files.length} files, ${Math.round(total)} s of file time; the slowest:`);
for (const file of files.slice(0, Number(count))) console.log(`${file.seconds.toFixed(1).padStart(8)} s  ${String(file.tests).padStart(4)} tests  ${file.name}`);
