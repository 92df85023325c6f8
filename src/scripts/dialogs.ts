/*
 * Server-rendered <dialog>s opened without a framework: a button with data-dialog-open="<id>" opens
 * the dialog with that id, anything with data-dialog-close (or a click on the backdrop) closes it,
 * Escape closes it natively. Listeners sit on the document, so dialogs that arrive later (a refreshed
 * region) work too. A live-demo frame is only given its address when its dialog opens (lazy), and
 * always reads the latest address (the owner may have just edited it).
 */

const LIVE_SANDBOX = 'allow-scripts allow-same-origin allow-forms allow-popups';

function isWebAddress(value: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

function prepareLiveFrames(dialog: HTMLDialogElement): void {
  for (const preview of dialog.querySelectorAll<HTMLElement>('[data-live-preview]')) {
    const url = preview.dataset.url ?? '';
    const block = preview.querySelector<HTMLElement>('[data-live-frame]');
    const slot = block?.querySelector<HTMLElement>('[data-frame-slot]');
    const link = block?.querySelector<HTMLAnchorElement>('[data-live-link]');
    if (!block || !slot || !link) continue;
    const live = isWebAddress(url);
    block.hidden = !live;
    let frame = slot.querySelector('iframe');
    if (!live) {
      frame?.remove();
      continue;
    }
    if (!frame) {
      frame = document.createElement('iframe');
      // Sandboxed before it has an address, exactly as SPEC says.
      frame.setAttribute('sandbox', LIVE_SANDBOX);
      frame.setAttribute('loading', 'lazy');
      frame.setAttribute('referrerpolicy', 'no-referrer');
      frame.title = slot.dataset.frameTitle ?? 'Live demo';
      frame.className = 'h-96 w-full rounded-xl border border-line bg-white';
      slot.append(frame);
    }
    if (frame.getAttribute('src') !== url) frame.setAttribute('src', url);
    link.href = url;
  }
}

document.addEventListener('click', (event) => {
  const target = event.target as Element | null;
  const opener = target?.closest?.<HTMLElement>('[data-dialog-open]');
  if (opener) {
    const dialog = document.getElementById(opener.dataset.dialogOpen ?? '');
    if (dialog instanceof HTMLDialogElement && !dialog.open) {
      prepareLiveFrames(dialog);
      dialog.showModal();
    }
    return;
  }
  if (target instanceof HTMLDialogElement && target.matches('[data-dialog]')) {
    // A click on the backdrop lands on the dialog element itself (its content sits in an inner box).
    target.close();
    return;
  }
  const closer = target?.closest?.('[data-dialog-close]');
  closer?.closest('dialog')?.close();
});

// A module (imported on first use by the accessibility chrome), not a classic script.
export {};
