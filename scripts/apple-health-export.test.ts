import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateRawSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { exportXml } from './apple-health-export.ts';
import { writeZip } from './zip-file.ts';

const dir = mkdtempSync(join(tmpdir(), 'apple-health-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const xml = [...exportXml({ records: 3000, lastDay: '2026-11-27', seed: 7 })].join('');
const records = [...xml.matchAll(/<Record ([^>]*)\/>/g)].map(([, attributes]) =>
  Object.fromEntries([...attributes!.matchAll(/(\w+)="([^"]*)"/g)].map(([, name, value]) => [name!, value!])),
);

describe('the synthetic Apple Health export', () => {
  it('has the Health app’s structure: HealthData, ExportDate, Me, Records and Workouts, about as many as asked', () => {
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE HealthData [')).toBe(true);
    expect(xml).toMatch(/<HealthData locale="en_NZ">\n <ExportDate value="2026-11-27 23:00:00 \+1300"\/>\n <Me /);
    expect(xml.trimEnd().endsWith('</HealthData>')).toBe(true);
    const elements = records.length + (xml.match(/<Workout /g) ?? []).length;
    expect(elements).toBeGreaterThanOrEqual(3000);
    expect(elements).toBeLessThan(3000 + 400);
    for (const record of records) expect(record.startDate).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} \+1300$/);
  });

  it('counts steps from a phone and a watch over the same minutes, in several units elsewhere', () => {
    const steps = records.filter((record) => record.type === 'HKQuantityTypeIdentifierStepCount');
    expect(new Set(steps.map((record) => record.sourceName))).toEqual(new Set(['Owner’s iPhone', 'Owner’s Apple Watch']));
    const units = new Set(records.map((record) => `${record.type} ${record.unit ?? ''}`));
    for (const unit of ['HKQuantityTypeIdentifierActiveEnergyBurned kJ', 'HKQuantityTypeIdentifierActiveEnergyBurned kcal', 'HKQuantityTypeIdentifierBodyMass lb', 'HKQuantityTypeIdentifierDistanceWalkingRunning km']) {
      expect(units).toContain(unit);
    }
  });

  it('writes sleep as stages inside In Bed, crossing midnight to the wake-up day', () => {
    const sleep = records.filter((record) => record.type === 'HKCategoryTypeIdentifierSleepAnalysis');
    expect(new Set(sleep.map((record) => record.value))).toEqual(
      new Set(['HKCategoryValueSleepAnalysisInBed', 'HKCategoryValueSleepAnalysisAsleepCore', 'HKCategoryValueSleepAnalysisAsleepDeep', 'HKCategoryValueSleepAnalysisAsleepREM']),
    );
    const inBed = sleep.find((record) => record.value === 'HKCategoryValueSleepAnalysisInBed')!;
    expect(inBed.endDate!.slice(0, 10) > inBed.startDate!.slice(0, 10)).toBe(true);
  });

  it('is the same for the same seed', () => {
    expect([...exportXml({ records: 3000, lastDay: '2026-11-27', seed: 7 })].join('')).toBe(xml);
  });

  it('zips to apple_health_export/export.xml with sizes and CRC in the local header', async () => {
    const path = join(dir, 'export.zip');
    const { inflated } = await writeZip(path, 'apple_health_export/export.xml', exportXml({ records: 3000, lastDay: '2026-11-27', seed: 7 }));
    const zip = readFileSync(path);
    expect(zip.readUInt32LE(0)).toBe(0x04034b50);
    const nameLength = zip.readUInt16LE(26);
    expect(zip.subarray(30, 30 + nameLength).toString()).toBe('apple_health_export/export.xml');
    const deflated = zip.readUInt32LE(18);
    expect(zip.readUInt32LE(22)).toBe(inflated);
    const text = inflateRawSync(zip.subarray(30 + nameLength, 30 + nameLength + deflated)).toString('utf8');
    expect(text).toBe(xml);
    expect(zip.readUInt32LE(zip.length - 22)).toBe(0x06054b50);
  });
});
