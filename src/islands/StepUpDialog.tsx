import { browserSupportsWebAuthn, startAuthentication, type PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { useEffect, useState } from 'react';
import { apiJson } from '#src/lib/api-client.ts';
import { leaveKeepingDrafts } from './admin/useLeaveGuard.ts';
import { ModalDialog } from './ModalDialog.tsx';

interface Props {
  open: boolean;
  /** Whether any passkey exists: then the owner can confirm here, without leaving the page. */
  passkey: boolean;
  /** What the owner was doing, for the text: e.g. 'create the token'. */
  action: string;
  /** What signing in another way keeps, for the text (default: what was typed). */
  kept?: string;
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
 * and comes back to it with the form's values kept.
 */
export function StepUpDialog({ open, passkey, action, kept = 'What you typed stays.', onLeave, onConfirmed, onCancel }: Props) {
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState('');
  const [supported, setSupported] = useState(true);

  useEffect(() => setSupported(browserSupportsWebAuthn()), []);

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
  const text = `To ${action}, you need to have signed in within the last few minutes. ${usePasskey ? 'Use your passkey, or sign in again another way.' : 'Sign in again, and you will come back here.'} ${kept}`;
  return (
    <ModalDialog open={open} pending={pending} title="Confirm it's you" text={text} onOpen={() => setProblem('')} onCancel={onCancel}>
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
    </ModalDialog>
  );
}
