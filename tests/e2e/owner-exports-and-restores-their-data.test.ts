import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MANIFEST_PATH, type Manifest } from '#api/export/format.ts';
import { SIGNATURE_PATH } from '#api/export/sign.ts';
import { MAX_IMPORT_BYTES } from '#domain/vocabulary.ts';
import { readTar, TAR_END, tarHeader, tarPadding } from '#api/export/tar.ts';
import { launchBrowser } from '../support/browser.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { getJson } from '../support/http.ts';
import { TEST_CLIENT_HEADER } from '../support/services.ts';
import { freshClientAddress, sessionCookie, useCookie } from '../support/sign-in.ts';
import { addPasskey, makeStale, ownerApi, pickFileOfSize, signedInPage, unique } from './owner-journey.ts';

/*
 * The owner takes their data out, checks an archive before restoring it, and restores it, at
 * /data-management/export. The restore replaces every table of this worker's own database and signs everyone
 * out, so it is this file's last step (the next file starts from the seed again).
 */
let browser: Browser;
const work = mkdtempSync(join(tmpdir(), 'owner-export-'));

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  rmSync(work, { recursive: true, force: true });
});

async function open(): Promise<{ page: Page; close: () => Promise<void> }> {
  const { context, page } = await signedInPage(browser, 'admin', {}, { fresh: true });
  page.setDefaultTimeout(60_000);
  await page.goto('/data-management/export');
  return { page, close: () => context.close() };
}

const status = (page: Page) => page.getByRole('status').filter({ hasText: /./ });

/** A tar.gz of these entries, the manifest last (and no signature: only the site can make one). */
function pack(entries: Map<string, Uint8Array>, manifest: Uint8Array): Buffer {
  const parts: Uint8Array[] = [];
  for (const [path, data] of entries) {
    if (path === MANIFEST_PATH || path === SIGNATURE_PATH) continue;
    parts.push(tarHeader(path, data.byteLength, new Date()), data, tarPadding(data.byteLength));
  }
  parts.push(tarHeader(MANIFEST_PATH, manifest.byteLength, new Date()), manifest, tarPadding(manifest.byteLength), TAR_END);
  return gzipSync(Buffer.concat(parts));
}

describe('the owner exports and restores their data', () => {
  it('downloads everything as one archive, and a dry run of it shows what a restore would replace', async () => {
    const { page, close } = await open();
    try {
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Export and import');
      // The shared test server runs without BACKUP_DIR; the page says so (tests/api/scheduled-backups-rotate.test.ts shows a real one).
      expect(await page.getByTestId('last-backup').textContent()).toMatch(/Scheduled backups are off/);

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('link', { name: 'Export everything' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/\.tar\.gz$/);
      const file = join(work, download.suggestedFilename());
      await download.saveAs(file);
      const bytes = readFileSync(file);
      expect([bytes[0], bytes[1]]).toEqual([0x1f, 0x8b]);
      const entries = readTar(gunzipSync(bytes));
      const manifest = JSON.parse(Buffer.from(entries.get(MANIFEST_PATH)!).toString()) as Manifest;
      expect(manifest.format).toBe('portfolio-archive');
      expect(manifest.tables.projects!.rows).toBeGreaterThan(0);

      // Sent over a slow connection (about three seconds): the page says how much has gone while it goes.
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: Math.ceil(bytes.byteLength / 3) });
      await page.getByLabel('Archive (.tar.gz)').setInputFiles(file);
      await page.getByRole('button', { name: 'Check archive' }).click();
      await page.getByRole('progressbar', { name: 'Upload of the archive' }).waitFor();
      await page.getByTestId('archive-upload-progress').getByText(/^[1-9]\d? % sent \([\d.,]+ MB of [\d.,]+ MB\)$/).waitFor();
      await status(page)
        .getByText(/complete and intact/)
        .waitFor();
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
      expect(await page.getByRole('progressbar').count()).toBe(0);
      const summary = page.getByRole('table', { name: 'What the import would do' });
      await summary.waitFor();
      const projects = summary.getByRole('row', { name: /^projects\b/ });
      // Rows now and rows in the archive: the same data, moments apart.
      const cells = await projects.getByRole('cell').allTextContents();
      expect(Number(cells[1])).toBe(manifest.tables.projects!.rows);
      expect(Number(cells[0])).toBeGreaterThan(0);
      expect(await summary.getByRole('row', { name: /^sessions\b/ }).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Replace all data with this archive' }).isVisible()).toBe(true);
      // Signed by this site; what a restore leaves out is listed: nobody's address comes back verified.
      expect(await page.getByText('Made by this site.').isVisible()).toBe(true);
      const leftOut = page.getByRole('list').filter({ has: page.getByText(/email verification/) });
      expect(await leftOut.getByRole('listitem').filter({ hasText: /^users \(\d+ rows?\): email verification/ }).count()).toBe(1);
      expect(await page.getByRole('heading', { name: 'Left out of the import' }).isVisible()).toBe(true);

      // Someone else's "backup": a link from an outside identity to the owner planted, the manifest mended to match.
      const owner = Buffer.from(entries.get('tables/users.jsonl')!)
        .toString()
        .split('\n')
        .map((line) => (line ? (JSON.parse(line) as { id: string; email: string }) : null))
        .find((user) => user?.email === 'owner@example.test')!;
      const planted = new Map(entries);
      const link = Buffer.from(`${JSON.stringify({ provider: 'oidc', subject: 'someone-else', user_id: owner.id, created_at: '2026-01-01T00:00:00+00:00' })}\n`);
      planted.set('tables/user_accounts.jsonl', link);
      manifest.tables.user_accounts = { rows: 1, columns: ['provider', 'subject', 'user_id', 'created_at'] };
      manifest.files['tables/user_accounts.jsonl'] = { bytes: link.byteLength, sha256: createHash('sha256').update(link).digest('hex') };
      const foreign = join(work, 'from-elsewhere.tar.gz');
      writeFileSync(foreign, pack(planted, Buffer.from(JSON.stringify(manifest))));
      await page.getByLabel('Archive (.tar.gz)').setInputFiles(foreign);
      await page.getByRole('button', { name: 'Check archive' }).click();
      await page.getByText('From elsewhere — check before restoring.').waitFor();
      expect(await page.getByText(/^user_accounts \(1 row\): links from GitHub or OpenID Connect identities/).isVisible()).toBe(true);

      // An archive over the page's limit is refused before a byte is sent: `npm run import` on the server takes it.
      const sent = await pickFileOfSize(page, 'Archive (.tar.gz)', MAX_IMPORT_BYTES + 1, '/api/import', async () => {
        await page.getByRole('button', { name: 'Check archive' }).click();
        await status(page).getByText('Refused: this archive is larger than 512 MB. Import it with npm run import on the server.').waitFor();
      });
      expect(sent).toEqual([]);

      // A tampered archive: one table file changed, the manifest's checksum left as it was.
      const changed = new Map(entries);
      const projectsFile = Buffer.from(entries.get('tables/projects.jsonl')!).toString();
      changed.set('tables/projects.jsonl', Buffer.from(projectsFile.replace('"', ' "')));
      const tampered = join(work, 'tampered.tar.gz');
      writeFileSync(tampered, pack(changed, entries.get(MANIFEST_PATH)!));
      await page.getByLabel('Archive (.tar.gz)').setInputFiles(tampered);
      await page.getByRole('button', { name: 'Check archive' }).click();
      await status(page)
        .getByText(/Refused: Checksum mismatch: tables\/projects\.jsonl/)
        .waitFor();
      expect(await page.getByRole('button', { name: 'Replace all data with this archive' }).count()).toBe(0);

      // The connection drops while the archive is sent: the page does not claim what it cannot know.
      await page.getByLabel('Archive (.tar.gz)').setInputFiles(file);
      await page.getByRole('button', { name: 'Check archive' }).click();
      await status(page)
        .getByText(/complete and intact/)
        .waitFor();
      await page.route('**/api/import', (route) => route.abort('connectionreset'));
      await page.getByRole('button', { name: 'Replace all data with this archive' }).click();
      await status(page)
        .getByText('The connection failed before the site answered. Reload this page: if you are signed out, the data was replaced.')
        .waitFor();
    } finally {
      await close();
    }
  }, 180_000);

  it('restores an archive on a phone, confirming it is them with a passkey, and the site is as the archive had it', async () => {
    const { context, page } = await signedInPage(browser, 'admin', { width: 390, height: 844 }, { fresh: true });
    page.setDefaultTimeout(60_000);
    try {
      await context.setExtraHTTPHeaders({ [TEST_CLIENT_HEADER]: freshClientAddress() });
      await addPasskey(context, page, 'Phone');

      await page.goto('/data-management/export');
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export everything' }).click()]);
      const file = join(work, `restore-${download.suggestedFilename()}`);
      await download.saveAs(file);
      // Made after the export: the restore takes it away again.
      const later = unique('Made after the export');
      await (await ownerApi()).create('/api/projects', { name: later, description: '', status: 'planned', progress: 0, category: 'personal', tags: [], technologies: [] });

      // Weeks later, as far as the session knows: the restore asks who it is.
      await makeStale(context);
      await page.reload();
      // Chosen as soon as the page shows; Check waits for the page's script, and the choice is still there.
      await page.getByLabel('Archive (.tar.gz)').setInputFiles(file);
      await page.getByRole('button', { name: 'Check archive' }).click();
      await status(page).getByText(/complete and intact/).waitFor();
      await expectNoAxeViolations(page, 'the restore preview on a phone');
      await page.getByRole('button', { name: 'Replace all data with this archive' }).click();
      const dialog = page.getByRole('dialog', { name: "Confirm it's you" });
      await dialog.waitFor();
      await expectNoAxeViolations(page, "the restore's Confirm it's you dialog on a phone");
      expect(await dialog.textContent()).toContain('To replace all data, you need to have signed in within the last few minutes.');
      await dialog.getByRole('button', { name: 'Use a passkey' }).click();
      await dialog.waitFor({ state: 'hidden' });
      // Nothing replaced yet: the owner sees the button again, focused, and presses it.
      await status(page).getByText('Thank you, it’s you. Press “Replace all data with this archive” again.').waitFor();
      const replace = page.getByRole('button', { name: 'Replace all data with this archive' });
      await expect.poll(() => replace.evaluate((button) => button === document.activeElement)).toBe(true);
      await replace.click();
      await status(page).getByText('Imported. Everyone was signed out: sign in again to continue.').waitFor();

      // Signed out, as the page said: the owner's pages are not there for this browser any more.
      expect((await page.goto('/data-management/export'))?.status()).toBe(404);
      const again = await sessionCookie('admin');
      const names = (await getJson<{ name: string }[]>('/api/projects', again)).map((project) => project.name);
      expect(names.length).toBeGreaterThan(0);
      expect(names).not.toContain(later);
      // Insights are not in an archive: they are computed from the restored days at once, not an hour later.
      await useCookie(context, again);
      await page.goto('/insights');
      await expect(page.getByText(/^On days tagged/).count()).resolves.toBeGreaterThan(0);
    } finally {
      await context.close();
    }
  }, 180_000);
});
