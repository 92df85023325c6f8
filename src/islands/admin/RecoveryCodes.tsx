import { useEffect, useRef, useState } from 'react';
import { apiGet, apiJson, needsStepUp } from '#src/lib/api-client.ts';
import { toast } from '#src/stores/toast.ts';
import { ConfirmDialog } from '../ConfirmDialog.tsx';
import { StepUpDialog } from '../StepUpDialog.tsx';
import { describeFailure } from './field-errors.ts';
import { PASSKEY_COUNT_EVENT } from './passkey-count.ts';
import { useHydrated } from './useHydrated.ts';
import { useLeaveGuard } from './useLeaveGuard.ts';

/** What GET /api/recovery-codes answers (api/auth/recovery-codes.ts RecoveryCodeSummary). */
export interface RecoveryCodeState {
  createdAt: string | null;
  unused: number;
  codes: { number: number; usedAt: string | null }[];
}

interface Props {
  initial: RecoveryCodeState;
  passkeys: number;
  /** The site's origin, named in the downloaded file. */
  site: string;
}

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The .txt the Download button saves: the codes, where they work and that each works once. */
function codesFile(codes: string[], site: string): string {
  return [`Recovery codes for ${site}`, `Made ${new Date().toISOString()}. Each code signs you in once.`, '', ...codes, ''].join('\n');
}

/**
 * The signed-in admin's recovery codes: how many are left and when each was used; make a set (shown once,
 * with Copy and Download), or a new one, which voids the old set after a confirmation.
 */
export default function RecoveryCodes({ initial, passkeys: initialPasskeys, site }: Props) {
  const hydrated = useHydrated();
  const [state, setState] = useState(initial);
  const [passkeys, setPasskeys] = useState(initialPasskeys);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [pending, setPending] = useState(false);
  const [confirming, setConfirming] = useState(false);
  // A new set needs a recent sign-in (api/auth/step-up.ts): asked for, then the owner presses the button again.
  const [askStepUp, setAskStepUp] = useState(false);
  const codesRef = useRef<HTMLElement>(null);
  const makeRef = useRef<HTMLButtonElement>(null);
  const [confirmed, setConfirmed] = useState(false);
  // Codes on screen are codes not yet saved: leaving asks first.
  useLeaveGuard(codes !== null);

  useEffect(() => {
    const listen = (event: Event) => setPasskeys((event as CustomEvent<number>).detail);
    window.addEventListener(PASSKEY_COUNT_EVENT, listen);
    return () => window.removeEventListener(PASSKEY_COUNT_EVENT, listen);
  }, []);

  const hasSet = state.codes.length > 0;
  const makeLabel = hasSet ? 'Make new codes' : 'Make recovery codes';

  async function make() {
    setPending(true);
    try {
      const made = await apiJson<RecoveryCodeState & { recoveryCodes: string[] }>('POST', '/api/recovery-codes');
      if (made) {
        setConfirmed(false);
        setCodes(made.recoveryCodes);
        setState({ createdAt: made.createdAt, unused: made.unused, codes: made.codes });
      }
      // The codes are shown next: move there, so a screen reader reads them at once.
      requestAnimationFrame(() => codesRef.current?.focus());
    } catch (error) {
      if (needsStepUp(error)) setAskStepUp(true);
      else toast({ title: 'Failed to make recovery codes', description: describeFailure(error), variant: 'destructive' });
    } finally {
      setPending(false);
      setConfirming(false);
    }
  }

  async function copy() {
    if (!codes) return;
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      toast({ title: 'Recovery codes copied to the clipboard' });
    } catch {
      toast({ title: 'Could not copy the codes', description: 'Select them and copy them by hand, or download them.', variant: 'destructive' });
    }
  }

  async function done() {
    setCodes(null);
    const fresh = await apiGet<RecoveryCodeState>('/api/recovery-codes').catch(() => null);
    if (fresh) setState(fresh);
  }

  return (
    <section className="card p-5 sm:p-6" aria-labelledby="recovery-heading" data-hydrated={hydrated ? '' : undefined}>
      <h2 id="recovery-heading" className="text-lg font-bold">
        Recovery codes
      </h2>
      <p className="mt-2 text-sm text-muted">
        If you lose every passkey, one of ten one-time codes still signs you in (“Use a recovery code” on the sign-in page). Keep them somewhere
        safe, away from your devices.
      </p>

      {codes ? (
        <section ref={codesRef} tabIndex={-1} className="mt-4 rounded-lg border border-accent-text p-4" aria-labelledby="recovery-new-heading" data-new-codes>
          <h3 id="recovery-new-heading" className="font-bold">
            Your new recovery codes
          </h3>
          <p className="mt-1 text-sm">Save them now: they are shown only this once. Only a fingerprint of each is stored.</p>
          <ol className="mt-3 grid gap-x-6 gap-y-1 font-mono sm:grid-cols-2" data-list="recovery-codes">
            {codes.map((code) => (
              <li key={code}>{code}</li>
            ))}
          </ol>
          <div className="mt-4 flex flex-wrap gap-3">
            <button type="button" className="btn-primary" onClick={() => void copy()}>
              Copy codes
            </button>
            <a className="btn-ghost" href={`data:text/plain;charset=utf-8,${encodeURIComponent(codesFile(codes, site))}`} download="recovery-codes.txt">
              Download .txt
            </a>
            <button type="button" className="btn-ghost" onClick={() => void done()}>
              I have saved them
            </button>
          </div>
        </section>
      ) : hasSet ? (
        <div className="mt-4">
          <p className="font-semibold" data-testid="recovery-count">
            {`${state.unused} of ${state.codes.length} unused`}
          </p>
          {state.createdAt && <p className="text-sm text-muted">{`Made ${when(state.createdAt)}`}</p>}
          <ul className="mt-3 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2" data-list="recovery-code-uses">
            {state.codes.map((code) => (
              <li key={code.number}>
                {`Code ${code.number}: `}
                {code.usedAt ? <span className="text-danger">{`used ${when(code.usedAt)}`}</span> : 'unused'}
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <p className={`mt-4 ${passkeys > 0 ? 'rounded-lg border border-[var(--danger)] p-3 font-semibold' : 'text-muted'}`} role={passkeys > 0 ? 'status' : undefined}>
          You have no recovery codes.{passkeys > 0 ? ' Make them now, so losing your passkeys does not lock you out.' : ''}
        </p>
      )}

      {!codes && (
        <>
          <button
            ref={makeRef}
            type="button"
            className={`${hasSet ? 'btn-ghost' : 'btn-primary'} mt-4`}
            disabled={pending || !hydrated}
            onClick={() => (hasSet ? setConfirming(true) : void make())}
          >
            {pending ? 'Making codes...' : makeLabel}
          </button>
          <p role="status" className="mt-3 text-sm font-medium empty:hidden">
            {confirmed ? `Thank you, it’s you. Press “${makeLabel}” again.` : ''}
          </p>
        </>
      )}

      <ConfirmDialog
        open={confirming}
        title="Make new recovery codes?"
        description="Your current codes stop working at once, used or not. Save the new ones when they appear."
        confirmLabel="Make new codes"
        pendingLabel="Making codes..."
        pending={pending}
        onConfirm={() => void make()}
        onCancel={() => setConfirming(false)}
      />
      <StepUpDialog
        open={askStepUp}
        passkey={passkeys > 0}
        action="make recovery codes"
        // Nothing typed to keep: back from signing in another way, the owner presses the button again.
        onLeave={() => {}}
        // Nothing is made without a second press (ADR 026): the owner sees the button again and presses it.
        onConfirmed={() => {
          setAskStepUp(false);
          setConfirmed(true);
          requestAnimationFrame(() => makeRef.current?.focus());
        }}
        onCancel={() => setAskStepUp(false)}
      />
    </section>
  );
}
