import { browserSupportsWebAuthn, startAuthentication, type PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { useEffect, useId, useRef, useState } from 'react';
import { apiJson } from '#src/lib/api-client.ts';
import { leaveKeepingDrafts } from './admin/useLeaveGuard.ts';

interface Props {
  open: boolean;
  /** Whether any passkey exists: then the owner can confirm here, without leaving the page. */
  passkey: boolean;
  /** What the owner was doing, for the text: e.g. 'create the token'. */
  action: string;
  /** Called before the page leaves to sign in another way: keep what the form holds. */
  onLeave: () => void;
  onConfirmed: () => void;
  onCancel: () => void;
}

/** The sign-in page's chooser, coming back to this page afterwards (api/auth/return-to.ts). */
const otherWay = () => `/api/login?choose&return_to=${encodeURIComponent(window.location.pathname + window.location.search)}`;

/**
 * "Confirm it's you": a dangerous act answered 403 step_up_required (api/auth/step-up.ts). A passkey confirms
 * here (the session is replaced by a fresh one and nothing typed is lost); any other way in leaves the page
 * and comes back to it with the form's values kept. A modal <dialog>: the browser traps focus, Escape cancels,
 * and focus goes back to what opened it.
 */
export function StepUpDialog({ open, passkey, action, onLeave, onConfirmed, onCancel }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState('');
  const [supported, setSupported] = useState(true);

  useEffect(() => setSupported(browserSupportsWebAuthn()), []);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      setProblem('');
      dialog.showModal();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);

  async function confirmWithPasskey() {
    setPending(true);
    setProblem('');
    try {
      const optionsJSON = await apiJson<PublicKeyCredentialRequestOptionsJSON>('POST', '/api/login/passkey/options');
      if (!optionsJSON) throw new Error('The server sent no passkey challenge.');
      const response = await startAuthentication({ optionsJSON });
      await apiJson('POST', '/api/login/passkey', { response });
      onConfirmed();
    } catch (error) {
      setProblem(
        error instanceof Error && error.name === 'NotAllowedError'
          ? 'The passkey prompt was cancelled or timed out. Try again, or sign in another way.'
          : 'That passkey did not confirm it. Try again, or sign in another way.',
      );
    } finally {
      setPending(false);
    }
  }

  function leave() {
    onLeave();
    leaveKeepingDrafts(otherWay());
  }

  const usePasskey = passkey && supported;
  return (
    // The dialog element handles Escape (cancel) natively; the click handler only detects the backdrop.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- see above
    <dialog
      ref={ref}
      className="dialog max-w-md text-ink"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      data-step-up
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
          Confirm it&apos;s you
        </h2>
        <p id={`${id}-text`} className="mt-2 text-sm">
          To {action}, you need to have signed in within the last few minutes. {usePasskey ? 'Use your passkey, or sign in again another way.' : 'Sign in again, and you will come back here.'} What you typed
          stays.
        </p>
        <p role="alert" className="mt-3 text-sm font-medium text-danger empty:hidden">
          {problem}
        </p>
        <div className="mt-6 flex flex-wrap justify-end gap-3">
          <button type="button" className="btn-ghost" onClick={onCancel} disabled={pending}>
            Cancel
          </button>
          <button type="button" className={usePasskey ? 'btn-ghost' : 'btn-primary'} onClick={leave} disabled={pending}>
            Sign in another way
          </button>
          {usePasskey && (
            <button type="button" className="btn-primary" onClick={() => void confirmWithPasskey()} aria-disabled={pending || undefined}>
              {pending ? 'Waiting for the passkey…' : 'Use a passkey'}
            </button>
          )}
        </div>
      </div>
    </dialog>
  );
}
