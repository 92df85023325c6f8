import { useEffect, useId, useRef, type ReactNode } from 'react';

interface Props {
  open: boolean;
  /** While true, nothing cancels: Escape, the backdrop and the caller's Cancel wait for the action. */
  pending?: boolean;
  title: string;
  /** The text under the title, which the dialog is described by. */
  text: ReactNode;
  /** Called each time the dialog opens (reset a message left from last time). */
  onOpen?: () => void;
  onCancel: () => void;
  /** The buttons (and anything between the text and them). */
  children: ReactNode;
}

/**
 * The one modal of the admin islands, on <dialog>: the browser traps focus, Escape and the backdrop cancel,
 * and focus goes back to what opened it. A title, a text that describes it, then the caller's buttons.
 */
export function ModalDialog({ open, pending = false, title, text, onOpen, onCancel, children }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      onOpen?.();
      dialog.showModal();
    }
    if (!open && dialog.open) dialog.close();
    // onOpen is read when `open` changes, not a reason to reopen.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  return (
    // The dialog element handles Escape (cancel) natively; the click handler only detects the backdrop.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- see above
    <dialog
      ref={ref}
      className="dialog max-w-md text-ink"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      onCancel={(event) => {
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
          {text}
        </p>
        {children}
      </div>
    </dialog>
  );
}
