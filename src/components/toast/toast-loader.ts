import { $toast } from '../../stores/toast.ts';

/*
 * Loaded when the browser is idle after the page has painted (see ToastRegion.astro): F8 focuses the
 * notification region, and the React Toaster is fetched when the first toast is shown (a toast
 * shown before this ran is picked up from the store).
 */
const region = document.getElementById('toast-region');
const live = region?.querySelector('[data-toast-live]');
if (region && live) {
  document.addEventListener('keydown', (event) => {
    if (event.key === 'F8') {
      event.preventDefault();
      region.focus();
    }
  });
  let loading = false;
  const load = () => {
    if (loading) return;
    loading = true;
    stop();
    void import('../../islands/Toaster.tsx').then(({ mountToaster }) => mountToaster(live));
  };
  const stop = $toast.listen((toast) => {
    if (toast) load();
  });
  if ($toast.get()) load();
}
