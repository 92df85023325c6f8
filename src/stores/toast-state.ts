import { atom } from 'nanostores';

/*
 * The toast being shown, apart from src/stores/toast.ts (which also loads the Toaster): the Toaster reads this
 * module, so the two never import each other.
 */

/** SPEC §9: one toast at a time, shown for 5000 ms unless dismissed. */
export const TOAST_DURATION_MS = 5000;

export interface Toast {
  id: number;
  title: string;
  description?: string;
  /** 'destructive' for failures (SPEC §8). */
  variant?: 'default' | 'destructive';
}

export const $toast = atom<Toast | null>(null);

export function dismissToast(): void {
  $toast.set(null);
}
