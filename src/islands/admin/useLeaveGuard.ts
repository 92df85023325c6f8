import { useCallback, useEffect, useState } from 'react';

/** Set just before the page leaves on purpose with nothing to lose (what was typed is kept for the return). */
let leavingOnPurpose = false;

/** Goes to `href` without the "Leave site?" question: the caller has kept what the forms hold. */
export function leaveKeepingDrafts(href: string): void {
  leavingOnPurpose = true;
  window.location.assign(href);
}

/** While `dirty`, leaving or reloading the page asks the browser's "Leave site?" question first. */
export function useLeaveGuard(dirty: boolean): void {
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      if (!leavingOnPurpose) event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
}

/**
 * Which of a page's forms hold unsaved changes (by form key, e.g. `kpis:create`), guarding the page while
 * any does. `onDirtyChange` keeps its identity, so forms may list it in their effects.
 */
export function useDirtyForms(): { dirty: ReadonlySet<string>; onDirtyChange: (formKey: string, isDirty: boolean) => void } {
  const [dirty, setDirty] = useState<ReadonlySet<string>>(new Set());
  const onDirtyChange = useCallback((formKey: string, isDirty: boolean) => {
    setDirty((current) => {
      if (current.has(formKey) === isDirty) return current;
      const next = new Set(current);
      if (isDirty) next.add(formKey);
      else next.delete(formKey);
      return next;
    });
  }, []);
  useLeaveGuard(dirty.size > 0);
  return { dirty, onDirtyChange };
}
