/**
 * "Lists are refreshed after successful writes" (SPEC §7) on server-rendered pages: fetch this page's
 * HTML again and swap in the fresh copy of every element marked data-refresh="<name>". Islands in the
 * new HTML hydrate themselves; page scripts hear 'regions:refreshed' and re-apply their state
 * (search, filters, layout). If the page cannot be fetched, a full reload does the same job.
 */
export const REGIONS_REFRESHED = 'regions:refreshed';

/** Refreshes the named regions, or every region of the page when no names are given. */
export async function refreshRegions(names?: string[]): Promise<void> {
  let html: string;
  try {
    const response = await fetch(location.href, { credentials: 'include', headers: { Accept: 'text/html' }, cache: 'no-store' });
    if (!response.ok) throw new Error(String(response.status));
    html = await response.text();
  } catch {
    location.reload();
    return;
  }
  swapRegions(new DOMParser().parseFromString(html, 'text/html'), names);
}

/**
 * Puts the copy of each named region (every region when no names are given) from a freshly fetched
 * page in place of this page's, then tells page scripts (REGIONS_REFRESHED).
 */
export function swapRegions(fresh: Document, names?: string[]): void {
  const hadFocus = document.activeElement;
  for (const region of document.querySelectorAll<HTMLElement>('[data-refresh]')) {
    if (names && !names.includes(region.dataset.refresh ?? '')) continue;
    const replacement = fresh.querySelector(`[data-refresh="${CSS.escape(region.dataset.refresh ?? '')}"]`);
    if (!replacement) continue;
    const imported = document.importNode(replacement, true);
    adoptIconDefinitions(imported, fresh);
    region.replaceWith(imported);
  }
  // Focus that was inside a replaced region would fall back to <body>: put it on the page heading.
  if (hadFocus && !hadFocus.isConnected) document.querySelector<HTMLElement>('main h1')?.focus();
  document.dispatchEvent(new CustomEvent(REGIONS_REFRESHED));
}

/**
 * An icon the server drew several times is a <use> of a definition in the page's hidden sprite
 * (api/http/icon-sprite.ts), named after the icon. The fresh page may define one this page does not
 * (it drew that icon fewer times): copy it, so the swapped-in region draws every icon.
 */
function adoptIconDefinitions(region: Element, fresh: Document): void {
  for (const use of region.querySelectorAll('use[href^="#"]')) {
    const id = use.getAttribute('href')!.slice(1);
    if (document.getElementById(id)) continue;
    const definition = fresh.getElementById(id);
    if (!definition) continue;
    let sprite = document.querySelector('body > svg > defs');
    if (!sprite) {
      const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
      svg.setAttribute('style', 'display:none');
      svg.setAttribute('aria-hidden', 'true');
      sprite = svg.appendChild(document.createElementNS('http://www.w3.org/2000/svg', 'defs'));
      document.body.prepend(svg);
    }
    sprite.append(document.importNode(definition, true));
  }
}
