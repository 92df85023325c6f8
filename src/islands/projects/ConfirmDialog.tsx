import { useEffect, useId, useRef } from 'react';

interface Props {
  open: boolean;
  title: string;
  description: string;
  /** Shown while the action runs (SPEC §4: 'Deleting...'). */
  pending: boolean;
  confirmLabel?: string;
  pendingLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
}

/** SPEC's delete flow: a modal with Cancel / Delete, 'Deleting...' while the call runs. */
export function ConfirmDialog({ open, title, description, pending, confirmLabel = 'Delete', pendingLabel = 'Deleting...', onConfirm, onCancel }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      className="dialog max-w-md"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      onCancel={(event) => {
        // Escape: the same as Cancel, but not while the deletion is under way.
        event.preventDefault();
        if (!pending) onCancel();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget && !pending) onCancel();
      }}
    >
      <div className="p-6">
        <h2 id={`${id}-title`} className="text-lg font-semibold">
          {title}
        </h2>
        <p id={`${id}-text`} className="mt-2 text-sm text-muted">
          {description}
        </p>
        <div className="mt-6 flex justify-end gap-2">
          <button type="button" className="btn-ghost" onClick={onCancel} disabled={pending}>
            Cancel
          </button>
          <button type="button" className="btn bg-danger text-bg hover:brightness-110" onClick={onConfirm} disabled={pending}>
            {pending ? pendingLabel : confirmLabel}
          </button>
        </div>
      </div>
    </dialog>
  );
}
