/*
 * A synthetic Apple Health export (issue 29, item 7): the structure the Health app writes under Profile → Export
 * All Health Data (`apple_health_export/export.xml` in `export.zip`), with made-up values, for tests and the
 * bench. What a real export holds that matters to an import is here: `<Record>` elements of quantity types with
 * a `sourceName`, a `unit` and local times with an offset; steps from a phone and a watch over the same minutes;
 * sleep as category records per stage (In Bed around the Asleep stages, crossing midnight); mindful sessions;
 * `<Workout>` elements; units other than the metric ones (miles, pounds, kilojoules) from some sources.
 */

export interface ExportOptions {
  /** About how many `<Record>` and `<Workout>` elements to write. */
  records: number;
  /** The last day (yyyy-mm-dd) the export covers; the first is as many days back as the records need. */
  lastDay: string;
  /** Offset of the owner's local times, as the Health app writes them ('+1300'). */
  offset?: string;
  seed?: number;
}

/** A small, fast, seedable generator (mulberry32): the same seed writes the same export. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PHONE = 'Owner’s iPhone';
const WATCH = 'Owner’s Apple Watch';
const SCALE = 'Withings Body+';
const device = (name: string) =>
  `&lt;&lt;HKDevice: 0x600002a1c000&gt;, name:${name.includes('Watch') ? 'Apple Watch' : 'iPhone'}, manufacturer:Apple Inc.&gt;`;

/** Records a day holds, about: steps every ~10 minutes of 14 waking hours from each device, and the rest. */
const PER_DAY = 84 * 2 + 84 + 60 + 40 + 1 + 6 + 1 + 1 + 1;

const pad = (value: number) => String(value).padStart(2, '0');

function addDays(day: string, delta: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + delta);
  return date.toISOString().slice(0, 10);
}

/** 'yyyy-mm-dd hh:mm:ss +hhmm' from a day and minutes after its midnight (beyond 1,440: the next day). */
function stamp(day: string, minutes: number, offset: string): string {
  const total = Math.round(minutes * 60);
  const date = addDays(day, Math.floor(total / 86_400));
  const inDay = ((total % 86_400) + 86_400) % 86_400;
  return `${date} ${pad(Math.floor(inDay / 3600))}:${pad(Math.floor(inDay / 60) % 60)}:${pad(inDay % 60)} ${offset}`;
}

const attr = (value: string) => value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');

function record(type: string, source: string, unit: string | null, start: string, end: string, value: string): string {
  const deviceAttr = source === SCALE ? '' : ` device="${device(source)}"`;
  const unitAttr = unit === null ? '' : ` unit="${unit}"`;
  return ` <Record type="${type}" sourceName="${attr(source)}" sourceVersion="17.1"${deviceAttr}${unitAttr} creationDate="${end}" startDate="${start}" endDate="${end}" value="${value}"/>\n`;
}

/** The export.xml text, a piece at a time (a million records are a few hundred MB: never one string). */
export function* exportXml(options: ExportOptions): Generator<string> {
  const offset = options.offset ?? '+1300';
  const next = random(options.seed ?? 29);
  const days = Math.max(1, Math.ceil(options.records / PER_DAY));
  const first = addDays(options.lastDay, -(days - 1));
  yield '<?xml version="1.0" encoding="UTF-8"?>\n';
  yield '<!DOCTYPE HealthData [\n<!ELEMENT HealthData (ExportDate,Me,(Record|Correlation|Workout|ActivitySummary)*)>\n<!ATTLIST HealthData locale CDATA #REQUIRED>\n]>\n';
  yield '<HealthData locale="en_NZ">\n';
  yield ` <ExportDate value="${stamp(options.lastDay, 23 * 60, offset)}"/>\n`;
  yield ' <Me HKCharacteristicTypeIdentifierDateOfBirth="1990-04-01" HKCharacteristicTypeIdentifierBiologicalSex="HKBiologicalSexNotSet"/>\n';
  let written = 0;
  for (let index = 0; index < days && written < options.records; index++) {
    const day = addDays(first, index);
    let chunk = '';
    const add = (text: string) => {
      chunk += text;
      written++;
    };
    // Steps: the phone and the watch count the same walks (a tenth of the watch's minutes go unworn).
    for (let slot = 0; slot < 84; slot++) {
      const start = 7 * 60 + slot * 10 + next() * 3;
      const steps = Math.round(40 + next() * 400);
      add(record('HKQuantityTypeIdentifierStepCount', PHONE, 'count', stamp(day, start, offset), stamp(day, start + 5, offset), String(steps)));
      if (next() > 0.1)
        add(record('HKQuantityTypeIdentifierStepCount', WATCH, 'count', stamp(day, start + 0.5, offset), stamp(day, start + 5.5, offset), String(Math.round(steps * (0.9 + next() * 0.2)))));
      // Distance from the phone in kilometres.
      add(record('HKQuantityTypeIdentifierDistanceWalkingRunning', PHONE, 'km', stamp(day, start, offset), stamp(day, start + 5, offset), (steps * 0.00075).toFixed(4)));
    }
    // Active energy from the watch, every ~14 minutes; a third of the days in kilojoules.
    const kilojoules = index % 3 === 0;
    for (let slot = 0; slot < 60; slot++) {
      const start = 6 * 60 + slot * 14;
      const kcal = 2 + next() * 12;
      add(record('HKQuantityTypeIdentifierActiveEnergyBurned', WATCH, kilojoules ? 'kJ' : 'kcal', stamp(day, start, offset), stamp(day, start + 14, offset), (kilojoules ? kcal * 4.184 : kcal).toFixed(3)));
    }
    // Heart rate from the watch.
    for (let slot = 0; slot < 40; slot++) {
      const at = 6 * 60 + slot * 24 + next() * 5;
      add(record('HKQuantityTypeIdentifierHeartRate', WATCH, 'count/min', stamp(day, at, offset), stamp(day, at, offset), String(Math.round(58 + next() * 60))));
    }
    add(record('HKQuantityTypeIdentifierRestingHeartRate', WATCH, 'count/min', stamp(day, 6 * 60, offset), stamp(day, 22 * 60, offset), String(Math.round(52 + next() * 10))));
    // Sleep from the watch, starting this evening, ending tomorrow morning: In Bed around Core, Deep and REM stages.
    const bed = 22 * 60 + 30 + next() * 60;
    let at = bed + 10;
    const stages = ['HKCategoryValueSleepAnalysisAsleepCore', 'HKCategoryValueSleepAnalysisAsleepDeep', 'HKCategoryValueSleepAnalysisAsleepREM', 'HKCategoryValueSleepAnalysisAsleepCore', 'HKCategoryValueSleepAnalysisAsleepREM'];
    const stageRecords = stages.map((stage) => {
      const length = 60 + next() * 40;
      const text = record('HKCategoryTypeIdentifierSleepAnalysis', WATCH, null, stamp(day, at, offset), stamp(day, at + length, offset), stage);
      at += length;
      return text;
    });
    add(record('HKCategoryTypeIdentifierSleepAnalysis', WATCH, null, stamp(day, bed, offset), stamp(day, at + 15, offset), 'HKCategoryValueSleepAnalysisInBed'));
    for (const text of stageRecords) add(text);
    add(record('HKCategoryTypeIdentifierMindfulSession', PHONE, null, stamp(day, 7 * 60, offset), stamp(day, 7 * 60 + 10, offset), 'HKCategoryValueNotApplicable'));
    // Weight from a scale in pounds every other day.
    if (index % 2 === 0) add(record('HKQuantityTypeIdentifierBodyMass', SCALE, 'lb', stamp(day, 7 * 60 + 5, offset), stamp(day, 7 * 60 + 5, offset), (160 + next() * 4).toFixed(1)));
    // A run most days.
    if (next() > 0.3) {
      const start = 17 * 60 + next() * 60;
      const minutes = 20 + next() * 40;
      add(
        ` <Workout workoutActivityType="HKWorkoutActivityTypeRunning" duration="${minutes.toFixed(3)}" durationUnit="min" sourceName="${attr(WATCH)}" sourceVersion="10.1" device="${device(WATCH)}" creationDate="${stamp(day, start + minutes, offset)}" startDate="${stamp(day, start, offset)}" endDate="${stamp(day, start + minutes, offset)}">\n  <WorkoutStatistics type="HKQuantityTypeIdentifierActiveEnergyBurned" startDate="${stamp(day, start, offset)}" endDate="${stamp(day, start + minutes, offset)}" sum="${(minutes * 10).toFixed(1)}" unit="kcal"/>\n </Workout>\n`,
      );
    }
    yield chunk;
  }
  yield '</HealthData>\n';
}
