// Search (SPEC's rule: name or description, case-insensitive) and the category filter run on the
// server over every project (src/lib/project-list-page.ts, matchesSearch): this script asks the list's
// own address for `?q=&category=` and swaps in the fresh list, keeping the address in step so a reload,
// a refresh after a write or a page link keeps the search. It starts with the accessibility chrome's
// script on the person's first touch, key, focus or scroll (load-chrome.js), never before the first
// paint: a category pressed before that is replayed, a search typed before it still counts (below), and
// without script at all Enter sends the search to the server.
import { swapRegions } from '#src/lib/refresh-regions.ts';

const root = document.querySelector<HTMLElement>('[data-portfolio-filter]');
const form = root?.querySelector<HTMLFormElement>('form');
if (root && form) {
  const input = root.querySelector<HTMLInputElement>('[data-search-input]')!;
  const buttons = Array.from(root.querySelectorAll<HTMLButtonElement>('.filter-btn'));
  const count = root.querySelector<HTMLElement>('[data-result-count]')!;
  let category = buttons.find((button) => button.getAttribute('aria-pressed') === 'true')?.dataset.category ?? 'all';
  // What the server rendered with: a search typed before this script ran differs from it (see the end).
  let shown = `${input.defaultValue.trim()}\n${category}`;
  let running: AbortController | null = null;
  let typing: ReturnType<typeof setTimeout> | undefined;

  const show = async () => {
    clearTimeout(typing);
    const q = input.value.trim();
    if (`${q}\n${category}` === shown) return;
    shown = `${q}\n${category}`;
    const url = new URL(form.getAttribute('action') ?? location.pathname, location.href);
    if (q) url.searchParams.set('q', q);
    if (category !== 'all') url.searchParams.set('category', category);
    running?.abort();
    const controller = (running = new AbortController());
    document.querySelector('[data-refresh="project-list"]')?.setAttribute('aria-busy', 'true');
    let html: string;
    try {
      const response = await fetch(url, {
        credentials: 'include',
        headers: { Accept: 'text/html' },
        signal: controller.signal,
      });
      if (!response.ok) throw new Error(String(response.status));
      html = await response.text();
    } catch {
      // A newer search took over; otherwise let the server show the result as a whole page.
      if (!controller.signal.aborted) location.assign(url);
      return;
    }
    if (controller.signal.aborted) return;
    history.replaceState(history.state, '', url);
    swapRegions(new DOMParser().parseFromString(html, 'text/html'), ['project-list']);
    count.textContent = document.querySelector<HTMLElement>('[data-refresh="project-list"]')?.dataset.resultText ?? '';
  };

  input.addEventListener('input', () => {
    clearTimeout(typing);
    typing = setTimeout(show, 250);
  });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void show();
  });
  for (const button of buttons) {
    button.addEventListener('click', () => {
      category = button.dataset.category ?? 'all';
      for (const other of buttons) other.setAttribute('aria-pressed', String(other === button));
      void show();
    });
  }
  // A search typed (or restored by the browser) before this script ran still counts.
  if (input.value.trim() !== input.defaultValue.trim()) void show();
}
