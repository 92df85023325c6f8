import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_APPLE_HEALTH_UPLOAD_BYTES } from '#domain/vocabulary.ts';
import { exportXml } from '../../scripts/apple-health-export.ts';
import { writeZip } from '../../scripts/zip-file.ts';
import { launchBrowser } from '../support/browser.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { call } from '../support/http.ts';
import { holdScripts } from '../support/page-helpers.ts';
import { sessionCookie } from '../support/sign-in.ts';
import { expectToast, holdRequests, hydrated, pickFileOfSize, signedInPage } from './owner-journey.ts';

/*
 * The owner brings the Health app's export in from a phone (/data-management/apple-health): the file picked
 * before the page's script has run is read once it does, the preview shows each record type, the owner skips
 * one, imports, watches records done of total reach the end, and finds the numbers on a metric's page.
 */
const PHONE = { width: 390, height: 844 };
const LAST_DAY = '2024-09-30';
const dir = mkdtempSync(join(tmpdir(), 'owner-health-'));
let browser: Browser;
let admin = '';
let zip: Buffer;

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await sessionCookie('admin');
  await writeZip(join(dir, 'export.zip'), 'apple_health_export/export.xml', exportXml({ records: 3000, lastDay: LAST_DAY, seed: 21 }));
  zip = readFileSync(join(dir, 'export.zip'));
}, 60_000);
afterAll(async () => {
  await browser?.close();
  rmSync(dir, { recursive: true, force: true });
});

const sleepPoints = async () => ((await (await call('/api/metrics/sleep/points?limit=1', { cookie: admin })).json()) as { total: number }).total;

describe('the owner imports an Apple Health export', () => {
  it('picks it before the page is ready, previews it, skips heart rate, imports with progress and sees the days on a metric page', async () => {
    const { context, page } = await signedInPage(browser, 'admin', PHONE);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    // A slow home connection: the export takes about four seconds to send, so its progress can be watched.
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: Math.ceil(zip.byteLength / 4) });
    const release = await holdScripts(page);
    await page.goto('/data-management/apple-health', { waitUntil: 'commit' });
    // Picked as soon as the page shows, before the island's script has run.
    await page.getByLabel('Health export (export.zip)').setInputFiles({ name: 'export.zip', mimeType: 'application/zip', buffer: zip });
    await release();
    await hydrated(page);
    // The upload says how much has gone while it goes, then that the server reads it.
    await page.getByRole('progressbar', { name: 'Upload of export.zip' }).waitFor();
    await page.getByTestId('health-upload-progress').getByText(/^[1-9]\d? % sent \(\d+\.\d MB of \d+\.\d MB\)$/).waitFor();
    await page.getByRole('status').getByText('Reading export.zip on the server…').or(page.getByRole('table', { name: 'Records per type, and where each goes' })).first().waitFor();
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });

    const preview = page.getByRole('table', { name: 'Records per type, and where each goes' });
    await preview.waitFor({ timeout: 30_000 });
    const records = Number((await page.getByTestId('health-counts').innerText()).match(/^([\d,]+) records/)![1]!.replaceAll(',', ''));
    expect(records).toBeGreaterThan(2000);
    const steps = preview.getByRole('row', { name: /^Step count/ });
    expect(await steps.innerText()).toContain('Owner’s Apple Watch, Owner’s iPhone');
    expect(await steps.getByRole('combobox').inputValue()).toBe('steps');
    await expectNoAxeViolations(page, 'the Apple Health preview on a phone');
    // Nothing is written before Import: the metric a type would make does not exist yet.
    expect((await call('/api/metrics/walking-distance', { cookie: admin })).status).toBe(404);

    await page.getByLabel('Heart rate goes to', { exact: true }).selectOption({ label: 'Skip' });
    // Sleep into the metric the owner already keeps, instead of a new one.
    await page.getByLabel('Sleep analysis goes to').selectOption({ value: 'sleep' });
    const sleepBefore = await sleepPoints();
    const held = await holdRequests(page, 'GET', /\/api\/apple-health\/uploads\/[^/]+$/);
    await page.getByRole('button', { name: /^Import \d+ types$/ }).click();
    // The bar starts from what the Import answered, before any progress is asked for.
    const bar = page.getByRole('progressbar');
    await bar.waitFor();
    expect(await bar.getAttribute('max')).toBe(String(records));
    await held.release();
    await expectToast(page, 'Import finished');
    const result = page.getByTestId('health-result');
    await result.getByText(`${records.toLocaleString('en-US')} of ${records.toLocaleString('en-US')} records read`).waitFor();
    const lines = await result.locator('li').allInnerTexts();
    expect(lines[0]).toMatch(/^[\d,]+ new points$/);
    expect(lines[2]).toMatch(/^[\d,]+ records refused$/);
    expect((await call('/api/metrics/heart-rate', { cookie: admin })).status).toBe(404);
    expect((await call('/api/metrics/sleep-hours', { cookie: admin })).status).toBe(404);
    expect(await sleepPoints()).toBeGreaterThan(sleepBefore);
    await expectNoAxeViolations(page, 'the Apple Health result on a phone');

    // The numbers on a metric's page: the last day of the export, counted from one device.
    await result.getByRole('link', { name: 'See walking-distance' }).click();
    await page.waitForURL('**/data-management/metrics/walking-distance');
    const lastDay = page.locator(`[data-section="sources"] [data-day="${LAST_DAY}"] [data-counted]`);
    expect(await lastDay.innerText()).toMatch(/^Counted: Owner’s (iPhone|Apple Watch) \([\d,]+ points?, [\d.,]+ km\)$/);
    await context.close();
  }, 120_000);

  it('says why a file that is not an export is refused, or an upload that dropped, and lets the owner pick another', async () => {
    const { context, page } = await signedInPage(browser, 'admin', PHONE);
    await page.goto('/data-management/apple-health');
    await hydrated(page);
    await page.getByLabel('Health export (export.zip)').setInputFiles({ name: 'notes.zip', mimeType: 'application/zip', buffer: Buffer.from('just text') });
    await page.getByRole('alert').getByText(/not a zip file the Health app wrote/).waitFor();
    expect(await page.getByLabel('Health export (export.zip)').isEnabled()).toBe(true);

    // An export over the page's limit is refused before a byte is sent: the server's shell takes those.
    const sent = await pickFileOfSize(page, 'Health export (export.zip)', MAX_APPLE_HEALTH_UPLOAD_BYTES + 1, '/api/apple-health/uploads', () =>
      page.getByRole('alert').getByText('This export is larger than 1 GB. Import it with npm run import:apple-health on the server.').waitFor(),
    );
    expect(sent).toEqual([]);
    expect(await page.getByLabel('Health export (export.zip)').isEnabled()).toBe(true);

    // A connection that drops mid-upload is said as such, not as the browser's "Failed to fetch".
    await page.route('**/api/apple-health/uploads?*', (route) => route.abort('connectionreset'));
    await page.getByLabel('Health export (export.zip)').setInputFiles({ name: 'export.zip', mimeType: 'application/zip', buffer: Buffer.from('PK') });
    await page.getByRole('alert').getByText('The upload did not reach the server (the connection dropped). Check the connection and choose the file again.').waitFor();
    expect(await page.getByLabel('Health export (export.zip)').isEnabled()).toBe(true);
    await context.close();
  });
});
