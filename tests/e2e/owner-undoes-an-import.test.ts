import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportXml } from '../../scripts/apple-health-export.ts';
import { writeZip } from '../../scripts/zip-file.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { launchBrowser } from '../support/browser.ts';
import { call } from '../support/http.ts';
import { sessionCookie } from '../support/sign-in.ts';
import { expectToast, forgetToast, hydrated, signedInPage } from './owner-journey.ts';

/*
 * An Apple Health import cut short on /data-management/apple-health reads "partial — resume or undo": on a phone,
 * the owner presses Resume and sees it done, then Undo, answers the plain question that says how many points go,
 * sees the undo's progress (held by a test switch after its first chunk, so it is seen without racing it), reloads
 * the page and still sees it, then sees them gone from the run and from the metrics.
 */
const PHONE = { width: 390, height: 844 };
const dir = mkdtempSync(join(tmpdir(), 'owner-undo-'));
let browser: Browser;
let admin = '';
let zip: Buffer;

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await sessionCookie('admin');
  // Over two chunks of 5,000 points, so a stop after the first leaves a partial import.
  await writeZip(join(dir, 'export.zip'), 'apple_health_export/export.xml', exportXml({ records: 12_000, lastDay: '2025-06-30', seed: 31 }));
  zip = readFileSync(join(dir, 'export.zip'));
}, 60_000);
afterAll(async () => {
  await browser?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Every metric's point count, summed (from the daily rollups). */
const allPoints = async () => ((await (await call('/api/metrics', { cookie: admin })).json()) as Array<{ points: number }>).reduce((sum, metric) => sum + metric.points, 0);
const count = (text: string) => Number(/([\d,]+) points? added/.exec(text)![1]!.replaceAll(',', ''));

describe('the owner resumes and undoes an import', () => {
  it('sees a partial import, resumes it to done, then undoes it after saying yes to how many points go', async () => {
    const before = await allPoints();
    // The next import stops after its first chunk, as an error halfway would.
    expect((await call('/api/test/import-stop', { method: 'POST', cookie: admin, body: { afterChunks: 1, how: 'fail' } })).status).toBe(204);
    const { context, page } = await signedInPage(browser, 'admin', PHONE);
    await page.goto('/data-management/apple-health');
    await hydrated(page);
    await page.getByLabel('Health export (export.zip)').setInputFiles({ name: 'export.zip', mimeType: 'application/zip', buffer: zip });
    await page.getByRole('button', { name: /^Import \d+ types$/ }).click({ timeout: 30_000 });
    await expectToast(page, 'Import stopped', 'destructive');
    await forgetToast(page);

    const run = page.getByTestId('import-run').first();
    const status = run.getByTestId('import-run-status');
    await status.getByText('partial — resume or undo').waitFor();
    const partial = count(await run.getByTestId('import-run-counts').innerText());
    expect(partial).toBeGreaterThan(0);
    expect(await allPoints()).toBe(before + partial);
    await expectNoAxeViolations(page, 'a partial import on a phone');

    await run.getByRole('button', { name: 'Resume' }).click();
    await expectToast(page, 'Import finished');
    await forgetToast(page);
    await status.getByText('done', { exact: true }).waitFor();
    const added = count(await run.getByTestId('import-run-counts').innerText());
    expect(added).toBeGreaterThan(partial);
    expect(await allPoints()).toBe(before + added);

    // The undo is held after its first chunk of 5,000 points until the test lets it go on.
    expect((await call('/api/test/import-stop', { method: 'POST', cookie: admin, body: { afterChunks: 1, how: 'hold', during: 'undo' } })).status).toBe(204);
    await run.getByRole('button', { name: 'Undo' }).click();
    const dialog = page.getByRole('dialog', { name: 'Undo this import?' });
    await dialog.getByText(`This removes the ${added.toLocaleString('en-US')} points that importing export.zip added.`, { exact: false }).waitFor();
    await dialog.getByRole('button', { name: `Remove ${added.toLocaleString('en-US')} points` }).click();
    const progress = `Undoing… 5,000 of ${added.toLocaleString('en-US')} points removed`;
    await status.getByText(progress).waitFor();
    expect(await run.getByRole('button').count()).toBe(0);
    expect(await allPoints()).toBe(before + added - 5_000);
    await expectNoAxeViolations(page, 'an import being undone on a phone');

    // A reload mid-undo shows it still going, and follows it to its end.
    await page.reload();
    await hydrated(page);
    await status.getByText(progress).waitFor();
    expect(await call('/api/test/import-stop', { method: 'POST', cookie: admin, body: { release: true } }).then((answer) => answer.status)).toBe(204);
    await status.getByText(`undone — its ${added.toLocaleString('en-US')} points removed`).waitFor();
    expect(await run.getByRole('button').count()).toBe(0);
    expect(await allPoints()).toBe(before);
    await expectNoAxeViolations(page, 'an undone import on a phone');
    await context.close();
  }, 180_000);

  it('sees an undo an error stopped, undoes it again, and is told when it is done', async () => {
    const before = await allPoints();
    const { context, page } = await signedInPage(browser, 'admin', PHONE);
    await page.goto('/data-management/apple-health');
    await hydrated(page);
    await page.getByLabel('Health export (export.zip)').setInputFiles({ name: 'export.zip', mimeType: 'application/zip', buffer: zip });
    await page.getByRole('button', { name: /^Import \d+ types$/ }).click({ timeout: 30_000 });
    await expectToast(page, 'Import finished');
    await forgetToast(page);
    const run = page.getByTestId('import-run').first();
    await run.getByTestId('import-run-status').getByText('done', { exact: true }).waitFor();
    const added = count(await run.getByTestId('import-run-counts').innerText());
    expect(await allPoints()).toBe(before + added);
    // The undo stops on an error after its first chunk of 5,000 points.
    expect((await call('/api/test/import-stop', { method: 'POST', cookie: admin, body: { afterChunks: 1, how: 'fail', during: 'undo' } })).status).toBe(204);
    await run.getByRole('button', { name: 'Undo' }).click();
    await page.getByRole('dialog', { name: 'Undo this import?' }).getByRole('button', { name: `Remove ${added.toLocaleString('en-US')} points` }).click();
    await expectToast(page, 'Undo stopped', 'destructive');
    await forgetToast(page);
    await run.getByTestId('import-run-status').getByText('undo stopped — undo again').waitFor();
    expect(await run.getByTestId('import-run-counts').innerText()).toBe(`${added.toLocaleString('en-US')} points added, 5,000 of them removed`);
    expect(await run.getByRole('button', { name: 'Resume' }).count()).toBe(0);
    expect(await allPoints()).toBe(before + added - 5_000);
    await expectNoAxeViolations(page, 'an undo an error stopped, on a phone');

    // Undone again: the question counts what is left.
    const rest = (added - 5_000).toLocaleString('en-US');
    await run.getByRole('button', { name: 'Undo' }).click();
    const dialog = page.getByRole('dialog', { name: 'Undo this import?' });
    await dialog.getByText(`This removes the ${rest} points left of those importing export.zip added.`, { exact: false }).waitFor();
    await dialog.getByRole('button', { name: `Remove ${rest} points` }).click();
    await expectToast(page, 'Import undone');
    await run.getByTestId('import-run-status').getByText(`undone — its ${added.toLocaleString('en-US')} points removed`).waitFor();
    expect(await allPoints()).toBe(before);
    await context.close();
  }, 180_000);
});
