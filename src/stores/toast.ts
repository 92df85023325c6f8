import { $toast, type Toast } from './toast-state.ts';

export { $toast, dismissToast, TOAST_DURATION_MS, type Toast } from './toast-state.ts';

let nextId = 1;

/** Shows a toast, replacing any toast already shown. Any island may call it. */
export function toast(input: Omit<Toast, 'id'>): void {
  $toast.set({ ...input, id: nextId++ });
  loadToaster();
}

let toasterLoading = false;

/**
 * The React Toaster is fetched with the first toast, so pages that never show one (every visitor
 * page) load nothing for it. Its region is in every page's HTML (src/components/toast/ToastRegion.astro).
 */
function loadToaster(): void {
  if (toasterLoading || typeof document === 'undefined') return;
  toasterLoading = true;
  void import('../islands/Toaster.tsx').then(({ mountToaster }) => mountToaster());
}
