import { useEffect } from 'react';
import { $toast } from '../../stores/toast.ts';

/**
 * Writes the latest toast's title (and variant) on <body> as data attributes. The visible Toaster is
 * another part of the site that reads the same store; this mirror lets the owner journeys' tests
 * check the exact toast text even on a build without it. It renders nothing.
 */
export function useToastMirror(): void {
  useEffect(
    () =>
      $toast.subscribe((toast) => {
        if (!toast) return;
        document.body.dataset.lastToast = toast.title;
        document.body.dataset.lastToastVariant = toast.variant ?? 'default';
      }),
    [],
  );
}
