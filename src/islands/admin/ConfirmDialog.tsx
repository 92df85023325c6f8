import { useEffect, useId, useRef } from 'react';

interface Props {
  open: boolean;
  title: string;
  description: string;
  cancelLabel?: string;
  confirmLabel: string;
  /** Shown on the confirm button while the action runs, e.g. 'Deleting...'. */
  pendingLabel?: string;
  pending?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * A modal question built on <dialog>: the browser traps focus, Escape cancels, and focus goes back
 * to what opened it. Cancel takes the first focus, so Enter never destroys anything by accident.
 */
export function ConfirmDialog({ open, title, description, cancelLabel = 'Cancel', confirmLabel, pendingLabel, pending = false, onConfirm, onCancel }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-describedby={`${titleId}-description`}
      aria-labelledby={titleId}
      className="card m-auto w-[min(28rem,calc(100vw-2rem))] p-6 text-ink backdrop:bg-black/60"
      onCancel={(event) => {
        event.preventDefault();
        if (!pending) onCancel();
      }}
    >
      <h2 id={titleId} className="text-lg font-bold">
        {title}
      </h2>
      <p id={`${titleId}-description`} className="mt-2 text-sm text-muted">{description}</p>
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <button type="button" className="btn-ghost" onClick={onCancel} disabled={pending}>
          {cancelLabel}
        </button>
        <button type="button" className="btn bg-danger text-white hover:brightness-110 dark:text-bg" onClick={onConfirm} disabled={pending}>
          {pending && pendingLabel ? pendingLabel : confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
