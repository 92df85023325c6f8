import { describe, expect, it } from 'vitest';
import { workerServer } from '../support/worker.ts';

/*
 * A project list's first picture is the largest thing its first screen paints, so each list asks for it from
 * its <head> at high priority, before the browser reaches the card, and asks for no other picture that way.
 * (The seeded demo's newest project, first on every list, has a picture; a first card without one gets no
 * preload.)
 */
const base = () => workerServer().baseUrl;

describe('the project lists fetch their first picture first', () => {
  for (const path of ['/public-projects', '/projects', '/portfolio-showcase']) {
    it(`${path} preloads the first card's picture from its head, at high priority`, async () => {
      const response = await fetch(new URL(path, base()));
      expect(response.status).toBe(200);
      const html = await response.text();
      const [head, body] = html.split('</head>') as [string, string];
      const main = body.slice(body.indexOf('<main'));
      // A card of either list (its picture comes first in it).
      const firstCard = /<li (?:class="project-card|data-refresh="showcase-)[\s\S]*?<\/li>/.exec(main)![0];
      const picture = /<img src="([^"]+)"[^>]*>/.exec(firstCard);
      const preloads = [...head.matchAll(/<link rel="preload" as="image" href="([^"]+)"[^>]*>/g)];
      expect(preloads.map((match) => match[1])).toEqual(picture ? [picture[1]] : []);
      if (!picture) return;
      expect(preloads[0]![0]).toContain('fetchpriority="high"');
      // The card's own <img> asks for it at the same priority; no other picture of the page does.
      expect(picture[0]).toContain('fetchpriority="high"');
      expect(main.match(/fetchpriority="high"/g)).toHaveLength(1);
    });
  }
});
