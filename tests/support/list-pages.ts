import { workerServer } from './worker.ts';

/**
 * Every page of a project list (/public-projects, /projects, /portfolio-showcase), joined: the lists show
 * one page of cards at a time, and a test may have added projects (newest first) to the seeded ones.
 */
export async function everyListPage(path: string, headers: Record<string, string> = {}): Promise<string> {
  let html = '';
  for (let page = 1; page <= 100; page++) {
    const response = await fetch(new URL(page === 1 ? path : `${path}?page=${page}`, workerServer().baseUrl), { headers });
    if (!response.ok) break;
    const text = await response.text();
    html += text;
    if (!text.includes('rel="next"')) break;
  }
  return html;
}
