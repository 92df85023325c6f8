import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MoodPlaylistsResponse } from '#src/lib/dashboard-types.ts';
import { ACTIVITIES, MOODS } from '#domain/vocabulary.ts';
import { moodPlaylistsUrl, playlistCards } from '#src/lib/mood-matcher.ts';
import { launchBrowser } from '../support/browser.ts';
import { asOwner, eventually, holdRequests, openDashboard, scrollToSection } from './dashboard-journey.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const matcher = (page: Page) => page.locator('#mood-matcher');
const shownNames = (page: Page) => matcher(page).locator('[data-playlist] .font-semibold').allTextContents();
const json = (body: unknown) => ({ status: 200, contentType: 'application/json', body: JSON.stringify(body) });

describe('a member matches music to their mood', () => {
  it('offers six moods with emoji and five activities, and lists at most nine playlists for the choice', async () => {
    const asked: string[] = [];
    const { context, page } = await openDashboard(browser, {
      before: async (p) => {
        p.on('request', (request) => {
          if (request.url().includes('/api/spotify/mood-playlists')) asked.push(new URL(request.url()).search);
        });
      },
    });
    await scrollToSection(page, 'mood-matcher');
    const moods = matcher(page).getByRole('group', { name: 'Mood' }).getByRole('radio');
    const activities = matcher(page).getByRole('group', { name: 'Activity' }).getByRole('radio');
    await eventually(() => moods.count()).toBe(6);
    expect(await activities.count()).toBe(5);
    for (const mood of MOODS) {
      const label = matcher(page).locator('label', { has: page.locator(`input[value="${mood.value}"]`) });
      expect(await label.textContent()).toBe(`${mood.emoji}${mood.label}`);
    }
    expect(await activities.evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value))).toEqual(
      ACTIVITIES.map((activity) => activity.value),
    );
    expect(
      await matcher(page)
        .getByRole('radio', { name: /Focused/ })
        .isChecked(),
    ).toBe(true);
    expect(await matcher(page).getByRole('radio', { name: 'Work', exact: true }).isChecked()).toBe(true);

    const expected = playlistCards((await asOwner<MoodPlaylistsResponse>('GET', moodPlaylistsUrl('focused', 'work'))).playlists);
    await eventually(() => shownNames(page)).toEqual(expected.map((card) => card.name));
    expect(expected.length).toBeLessThanOrEqual(9);

    // Choosing another mood, then another activity, asks again each time.
    await matcher(page).getByText('Relaxed').click();
    const relaxed = playlistCards((await asOwner<MoodPlaylistsResponse>('GET', moodPlaylistsUrl('relaxed', 'work'))).playlists);
    await eventually(() => shownNames(page)).toEqual(relaxed.map((card) => card.name));
    await matcher(page).getByText('Study', { exact: true }).click();
    const study = playlistCards((await asOwner<MoodPlaylistsResponse>('GET', moodPlaylistsUrl('relaxed', 'study'))).playlists);
    await eventually(() => shownNames(page)).toEqual(study.map((card) => card.name));
    expect(asked).toEqual(['?mood=focused&activity=work', '?mood=relaxed&activity=work', '?mood=relaxed&activity=study']);

    // Each card links to Spotify in a new tab and says how many tracks it has.
    const first = matcher(page).locator('[data-playlist] a').first();
    expect(await first.getAttribute('target')).toBe('_blank');
    expect(await first.getAttribute('rel')).toContain('noopener');
    expect(await first.textContent()).toContain(`${study[0]!.tracks} tracks`);
    await context.close();
  });

  it('keeps nine, skips entries without an id and fills in a missing description and track count', async () => {
    const playlists = [
      { name: 'No id at all', description: 'skipped' },
      ...Array.from({ length: 11 }, (_, i) => ({
        id: `list${i}`,
        name: `List ${i}`,
        description: i === 0 ? null : `About list ${i}`,
        images: [],
        tracks: i === 0 ? null : { total: 10 + i },
        external_urls: { spotify: `https://open.spotify.com/playlist/list${i}` },
      })),
    ];
    const { context, page } = await openDashboard(browser, {
      before: (p) =>
        p.route('**/api/spotify/mood-playlists?*', (route) => route.fulfill(json({ mood: 'melancholic', playlists }))),
    });
    await scrollToSection(page, 'mood-matcher');
    await eventually(() => shownNames(page)).toEqual(Array.from({ length: 9 }, (_, i) => `List ${i}`));
    const first = matcher(page).locator('[data-playlist]').first();
    expect(await first.textContent()).toContain('Curated playlist');
    expect(await first.textContent()).toContain('0 tracks');
    // A mood without an emoji of its own is shown with a music note.
    expect(await matcher(page).locator('[data-mood-emoji]').textContent()).toBe('🎵');
    await context.close();
  });

  it('says so when no playlist fits, and shows the loading text while asking again', async () => {
    const { context, page } = await openDashboard(browser, {
      before: (p) =>
        p.route('**/api/spotify/mood-playlists?*', (route) => route.fulfill(json({ mood: 'energetic', playlists: [] }))),
    });
    await scrollToSection(page, 'mood-matcher');
    await eventually(() => matcher(page).getByText('No playlists found for this mood combination.').isVisible()).toBe(true);
    expect(await matcher(page).getByText('Try a different mood or activity.').isVisible()).toBe(true);
    expect(await matcher(page).locator('[data-playlist]').count()).toBe(0);

    // The next choice is held in flight: the loading text shows, then the result replaces it.
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    const held = await holdRequests(page, '**/api/spotify/mood-playlists?*');
    await matcher(page).getByText('Coding').click();
    await eventually(() => held.held()).toBe(1);
    expect(await matcher(page).getByText('Finding your perfect playlists...').isVisible()).toBe(true);
    expect(await matcher(page).getByText('No playlists found for this mood combination.').count()).toBe(0);
    held.release();
    await eventually(() => matcher(page).locator('[data-playlist]').count()).toBeGreaterThan(0);
    expect(await matcher(page).getByText('Finding your perfect playlists...').count()).toBe(0);
    await context.close();
  });
});
