// npm run generate:apple-health -- --records 1000000 --out /tmp/export.zip [--last-day 2026-11-27] [--seed 29]
// A synthetic Apple Health export.zip (scripts/apple-health-export.ts) for tests and the bench.
import { parseArgs } from 'node:util';
import { exportXml } from './apple-health-export.ts';
import { writeZip } from './zip-file.ts';

const { values } = parseArgs({
  options: {
    records: { type: 'string', default: '10000' },
    out: { type: 'string', default: 'export.zip' },
    'last-day': { type: 'string', default: new Date().toISOString().slice(0, 10) },
    seed: { type: 'string', default: '29' },
  },
});
const records = Number(values.records);
if (!Number.isInteger(records) || records < 1) throw new Error('--records must be a positive whole number');
if (!/^\d{4}-\d{2}-\d{2}$/.test(values['last-day'])) throw new Error('--last-day must be yyyy-mm-dd');
const started = performance.now();
const { inflated, deflated } = await writeZip(
  values.out,
  'apple_health_export/export.xml',
  exportXml({ records, lastDay: values['last-day'], seed: Number(values.seed) }),
);
console.log(
  `Wrote ${values.out}: about ${records.toLocaleString('en-US')} records, export.xml ${(inflated / 1e6).toFixed(1)} MB (${(deflated / 1e6).toFixed(1)} MB deflated) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
