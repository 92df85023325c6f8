import { createRoot } from 'react-dom/client';
import { $drawerOpen } from '#src/stores/accessibility.ts';
import SettingsDrawer from './SettingsDrawer.tsx';

/*
 * Loaded by the settings button on first press (src/components/accessibility/chrome.ts), so pages carry
 * no React until someone opens the drawer. One drawer per page, mounted at the end of <body>.
 */
let trigger: HTMLElement | null = null;
let mounted = false;

function returnFocus(): void {
  trigger?.setAttribute('aria-expanded', 'false');
  trigger?.focus();
}

export function openDrawer(from: HTMLElement): void {
  trigger = from;
  if (!mounted) {
    const host = document.createElement('div');
    host.id = 'accessibility-drawer';
    document.body.append(host);
    createRoot(host).render(<SettingsDrawer onClosed={returnFocus} />);
    mounted = true;
  }
  from.setAttribute('aria-expanded', 'true');
  $drawerOpen.set(true);
}
