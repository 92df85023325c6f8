import { ModalDialog } from './ModalDialog.tsx';

interface Props {
  open: boolean;
  title: string;
  description: string;
  cancelLabel?: string;
  confirmLabel?: string;
  /** Shown on the confirm button while the action runs (SPEC §4: 'Deleting...'). */
  pendingLabel?: string;
  pending?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * A modal question (SPEC's delete flow and the discard question). Cancel comes first and takes the first
 * focus, so Enter never destroys anything by accident. Nothing cancels mid-action.
 */
export function ConfirmDialog({
  open,
  title,
  description,
  cancelLabel = 'Cancel',
  confirmLabel = 'Delete',
  pendingLabel = 'Deleting...',
  pending = false,
  onConfirm,
  onCancel,
}: Props) {
  return (
    <ModalDialog open={open} pending={pending} title={title} text={description} onCancel={onCancel}>
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <button type="button" className="btn-ghost" onClick={onCancel} disabled={pending}>
          {cancelLabel}
        </button>
        <button type="button" className="btn bg-danger text-bg hover:brightness-110" onClick={onConfirm} disabled={pending}>
          {pending ? pendingLabel : confirmLabel}
        </button>
      </div>
    </ModalDialog>
  );
}
