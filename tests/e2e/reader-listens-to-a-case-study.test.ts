import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from '../support/browser.ts';
import { createProject, ownerCall } from '../support/owner-api.ts';
import { eventually, tabTo } from '../support/page-helpers.ts';
import { sessionCookie, useCookie } from '../support/sign-in.ts';

/*
 * Read aloud as a listener uses it, by keyboard on a phone: 'Listen' on a case study reads the page's text a
 * sentence at a time, marking the sentence being read; pause, resume, a new speed and stop do what they say.
 * Headless Chromium has no voices, so a recorder stands in for the browser's speechSynthesis (installed
 * before the page's scripts run) and the test reads what was said, in order. Without speechSynthesis there
 * is no 'Listen'; with it but no voice, the control says so.
 */

let browser: Browser;
let path = '';
let admin = '';
beforeAll(async () => {
  browser = await launchBrowser();
  admin = await sessionCookie('admin');
  const project = await createProject(admin, {
    description: 'A quiet tool for reading. It was built in spring.',
    status: 'completed',
  });
  const body = '## Why\n\nPeople lose their place. A ruler helps!\n\n## How\n\nWe tested it with nine readers.';
  expect(
    (await ownerCall(admin, 'PUT', `/api/projects/${project.id}/case-study`, { caseStudy: body, published: true }))
      .status,
  ).toBe(200);
  path = `/public-projects/${project.id}`;
});
afterAll(async () => {
  await browser?.close();
});

type Spoken = { kind: string; text?: string; rate?: number; voice?: string | null };

/** A stand-in for the browser's speech: records every call; `finish()` ends the utterance being spoken. */
async function installRecorder(page: Page, voices: { name: string; lang: string; default: boolean }[]) {
  await page.addInitScript((list) => {
    const log: unknown[] = [];
    let current: { onend?: ((event: unknown) => void) | null } | null = null;
    class Utterance {
      rate = 1;
      voice: unknown = null;
      lang = '';
      onend: ((event: unknown) => void) | null = null;
      onerror: ((event: unknown) => void) | null = null;
      text: string;
      constructor(text: string) {
        this.text = text;
      }
    }
    const synth = {
      getVoices: () => list.map((voice) => ({ ...voice, voiceURI: voice.name, localService: true })),
      speak(utterance: Utterance) {
        log.push({
          kind: 'speak',
          text: utterance.text,
          rate: utterance.rate,
          voice: (utterance.voice as { name?: string } | null)?.name ?? null,
        });
        current = utterance;
      },
      pause: () => log.push({ kind: 'pause' }),
      resume: () => log.push({ kind: 'resume' }),
      cancel: () => {
        log.push({ kind: 'cancel' });
        current = null;
      },
      addEventListener() {},
      removeEventListener() {},
    };
    Object.defineProperty(window, 'speechSynthesis', { value: synth, configurable: true });
    Object.defineProperty(window, 'SpeechSynthesisUtterance', { value: Utterance, configurable: true });
    Object.assign(window, {
      __speech: {
        log,
        finish: () => current?.onend?.({}),
      },
    });
  }, voices);
}

const spoken = (page: Page) =>
  page.evaluate(() =>
    (window as unknown as { __speech: { log: Spoken[] } }).__speech.log
      .filter((entry) => entry.kind === 'speak')
      .map((entry) => entry.text),
  );
const log = (page: Page) => page.evaluate(() => (window as unknown as { __speech: { log: Spoken[] } }).__speech.log);
const finishSentence = (page: Page) =>
  page.evaluate(() => (window as unknown as { __speech: { finish: () => void } }).__speech.finish());
const highlighted = (page: Page) =>
  page.evaluate(() =>
    CSS.highlights.get('read-aloud') ? [...CSS.highlights.get('read-aloud')!][0]!.toString() : null,
  );

describe('read aloud', () => {
  it('reads the project and its case study a sentence at a time, marking each; pause, resume, speed and stop by keyboard', async () => {
    const { context, page } = await newPage(browser, { width: 390, height: 844 });
    await installRecorder(page, [
      { name: 'Voix', lang: 'fr-FR', default: false },
      { name: 'Reader', lang: 'en-GB', default: true },
    ]);
    await page.goto(path);
    await tabTo(page, 'Listen');
    await page.keyboard.press('Enter');

    await eventually(() => spoken(page)).toEqual(['About This Project']);
    expect(await highlighted(page)).toBe('About This Project');
    // The page's language first: the English voice, at normal speed.
    expect((await log(page)).find((entry) => entry.kind === 'speak')).toMatchObject({ voice: 'Reader', rate: 1 });
    expect(await page.getByRole('button', { name: 'Pause' }).isVisible()).toBe(true);

    await finishSentence(page);
    await finishSentence(page);
    await eventually(() => spoken(page)).toEqual([
      'About This Project',
      'A quiet tool for reading.',
      'It was built in spring.',
    ]);
    expect(await highlighted(page)).toBe('It was built in spring.');

    // Pause and resume with the same button.
    await page.keyboard.press('Enter');
    expect(await page.getByRole('button', { name: 'Resume' }).isVisible()).toBe(true);
    await page.keyboard.press('Enter');
    expect((await log(page)).slice(-2).map((entry) => entry.kind)).toEqual(['pause', 'resume']);

    // A new speed says the sentence again, faster.
    await page.getByLabel('Speed').selectOption('1.5');
    await eventually(async () => (await log(page)).at(-1)).toMatchObject({
      kind: 'speak',
      text: 'It was built in spring.',
      rate: 1.5,
    });

    // On into the case study: its headings and sentences, in order, skipping the reading time and contents.
    for (let i = 0; i < 3; i++) await finishSentence(page);
    await eventually(() => spoken(page)).toEqual([
      'About This Project',
      'A quiet tool for reading.',
      'It was built in spring.',
      'It was built in spring.',
      'Case Study',
      'Why',
      'People lose their place.',
    ]);
    await eventually(() => highlighted(page)).toBe('People lose their place.');

    // Stop: silence, no mark, and 'Listen' again.
    await tabTo(page, 'Stop');
    await page.keyboard.press('Enter');
    expect((await log(page)).at(-1)).toEqual({ kind: 'cancel' });
    expect(await highlighted(page)).toBe(null);
    expect(await page.getByRole('button', { name: 'Listen' }).isVisible()).toBe(true);
    expect(await page.getByRole('status').filter({ hasText: 'Stopped.' }).count()).toBe(1);
    await context.close();
  });

  it('says "No voice installed" when the browser has no voices, and is absent without speechSynthesis', async () => {
    const silent = await newPage(browser, { width: 390, height: 844 });
    await installRecorder(silent.page, []);
    await silent.page.goto(path);
    await silent.page.getByRole('button', { name: 'Listen' }).click();
    await eventually(() => silent.page.locator('[data-listen-status]').innerText()).toMatch(/^No voice installed/);
    expect(await spoken(silent.page)).toEqual([]);
    await silent.context.close();

    const none = await newPage(browser, { width: 390, height: 844 });
    await none.page.addInitScript(() =>
      Object.defineProperty(window, 'speechSynthesis', { value: undefined, configurable: true }),
    );
    await none.page.goto(path);
    // The page has the control, hidden: nobody can press a button that cannot work.
    expect(await none.page.locator('[data-listen-play]').count()).toBe(1);
    expect(await none.page.locator('[data-listen-play]').isVisible()).toBe(false);
    await none.context.close();
  });

  it("reads the owner's diary entries, newest first, without their Edit links", async () => {
    const [newest] = (await (await ownerCall(admin, 'GET', '/api/diary')).json()) as Array<{ day: string }>;
    const created = await ownerCall(admin, 'POST', '/api/diary', {
      day: newest!.day,
      title: 'Read to me',
      content: 'The walk was cold. The tea was warm.',
      mood: 4,
      tags: [],
    });
    expect(created.status).toBe(201);
    const { context, page } = await newPage(browser, { width: 390, height: 844 });
    await useCookie(context, admin);
    await installRecorder(page, [{ name: 'Reader', lang: 'en-GB', default: true }]);
    await page.goto('/diary');
    await tabTo(page, 'Listen');
    await page.keyboard.press('Enter');
    await eventually(() => spoken(page)).not.toEqual([]);
    for (let sentence = 0; sentence < 12 && !(await spoken(page)).includes('The tea was warm.'); sentence++) await finishSentence(page);
    const said = await spoken(page);
    expect(said.indexOf('Read to me')).toBeGreaterThanOrEqual(0);
    expect(said.indexOf('The walk was cold.')).toBe(said.indexOf('Read to me') + 1);
    expect(said.indexOf('The tea was warm.')).toBe(said.indexOf('Read to me') + 2);
    expect(said).not.toContain('Edit');
    await context.close();
  });
});
