import { browserSupportsWebAuthn, startRegistration, type PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { useEffect, useRef, useState, type SyntheticEvent } from 'react';
import { passkeyName } from '#domain/shapes.ts';
import { apiGet, apiJson, apiRequest, needsStepUp } from '#src/lib/api-client.ts';
import { keepStepUpDraft, takeStepUpDraft } from '#src/lib/step-up-draft.ts';
import { toast } from '#src/stores/toast.ts';
import { ConfirmDialog } from '../ConfirmDialog.tsx';
import { StepUpDialog } from '../StepUpDialog.tsx';
import { Field } from './Field.tsx';
import { describeFailure, serverFieldErrors, validate, type FieldErrors } from './field-errors.ts';
import { useEarlyInput } from '../early-input.ts';
import { announcePasskeyCount } from './passkey-count.ts';
import { useHydrated } from './useHydrated.ts';

/** What GET /api/passkeys lists (api/auth/passkeys.ts PasskeySummary). */
export interface PasskeyItem {
  id: number;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
  synced: boolean;
}

interface Props {
  initial: PasskeyItem[];
}

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * The signed-in admin's passkeys: add one (a name, then the browser's own passkey prompt), see each
 * with when it was added and last used, remove one after a confirmation.
 */
export default function PasskeyManager({ initial }: Props) {
  const hydrated = useHydrated();
  const [items, setItems] = useState(initial);
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [pending, setPending] = useState(false);
  const [removing, setRemoving] = useState<PasskeyItem | null>(null);
  const [removePending, setRemovePending] = useState(false);
  const [supported, setSupported] = useState(true);
  // Which act answered "confirm it's you first" (api/auth/step-up.ts), and whether the owner since has.
  const [stepUpFor, setStepUpFor] = useState<'add' | 'remove' | null>(null);
  const [confirmed, setConfirmed] = useState<'add' | 'remove' | null>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  // A name typed before the script ran is kept; an early Enter is dropped (the passkey prompt must follow a press), and the button waits.
  const early = useEarlyInput((values) => typeof values.name === 'string' && setName(values.name), false);
  const listHeadingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => setSupported(browserSupportsWebAuthn()), []);
  // The recovery codes beside this list offer themselves once the first passkey exists.
  useEffect(() => {
    announcePasskeyCount(items.length);
  }, [items.length]);
  // Back from signing in elsewhere: the name typed before leaving comes back.
  useEffect(() => {
    const kept = takeStepUpDraft<{ name?: unknown }>(sessionStorage, 'passkeys:add');
    if (typeof kept?.name === 'string') setName(kept.name);
  }, []);

  const refresh = async () => {
    const fresh = await apiGet<PasskeyItem[]>('/api/passkeys').catch(() => null);
    if (fresh) setItems(fresh);
  };

  async function add(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = validate(passkeyName, { name });
    if (!checked.ok) {
      setErrors(checked.errors);
      nameRef.current?.focus();
      return;
    }
    setErrors({});
    setPending(true);
    try {
      const optionsJSON = (await apiJson<PublicKeyCredentialCreationOptionsJSON>('POST', '/api/passkeys/options'))!;
      const response = await startRegistration({ optionsJSON });
      const created = await apiJson<PasskeyItem>('POST', '/api/passkeys', { name: checked.data.name, response });
      if (created) setItems((current) => [...current, created]);
      await refresh();
      setName('');
      setConfirmed(null);
      toast({ title: 'Passkey added', description: `You can now sign in with “${checked.data.name}”.` });
    } catch (error) {
      const fieldErrors = serverFieldErrors(error);
      if (needsStepUp(error)) {
        setStepUpFor('add');
      } else if (fieldErrors?.name) {
        setErrors(fieldErrors);
        nameRef.current?.focus();
      } else if (error instanceof Error && error.name === 'NotAllowedError') {
        toast({ title: 'No passkey was added', description: 'The passkey prompt was cancelled or timed out.', variant: 'destructive' });
      } else if (error instanceof Error && error.name === 'InvalidStateError') {
        toast({ title: 'No passkey was added', description: 'This authenticator already holds a passkey for you here.', variant: 'destructive' });
      } else {
        toast({ title: 'Failed to add passkey', description: describeFailure(error), variant: 'destructive' });
      }
    } finally {
      setPending(false);
    }
  }

  async function confirmRemove() {
    if (!removing) return;
    const target = removing;
    setRemovePending(true);
    try {
      await apiRequest('DELETE', `/api/passkeys/${target.id}`);
      setItems((current) => current.filter((item) => item.id !== target.id));
      await refresh();
      setConfirmed(null);
      toast({ title: 'Passkey removed', description: `“${target.name}” can no longer sign in.` });
      listHeadingRef.current?.focus();
    } catch (error) {
      if (needsStepUp(error)) setStepUpFor('remove');
      else toast({ title: 'Failed to remove passkey', description: describeFailure(error), variant: 'destructive' });
    } finally {
      setRemovePending(false);
      setRemoving(null);
    }
  }

  return (
    <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]" data-hydrated={hydrated ? '' : undefined}>
      <section className="card p-5 sm:p-6" aria-labelledby="passkey-add-heading">
        <h2 id="passkey-add-heading" className="mb-4 text-lg font-bold">
          Add a passkey
        </h2>
        {!supported && (
          <p className="mb-4 text-sm font-medium text-danger" role="alert">
            This browser cannot create passkeys.
          </p>
        )}
        <form onSubmit={add} noValidate aria-label="Add a passkey" {...early}>
          <Field label="Name" required error={errors.name} hint="So you can tell your passkeys apart, e.g. “Laptop” or “Phone”.">
            {(control) => (
              <input
                {...control}
                ref={nameRef}
                name="name"
                className="field w-full"
                autoComplete="off"
                value={name}
                maxLength={60}
                onChange={(event) => setName(event.target.value)}
              />
            )}
          </Field>
          <button type="submit" className="btn-primary mt-4" disabled={pending || !supported || !hydrated} aria-describedby={hydrated ? undefined : 'passkey-preparing'}>
            {pending ? 'Waiting for your passkey...' : 'Add a passkey'}
          </button>
          {!hydrated && (
            <p id="passkey-preparing" role="status" className="mt-2 text-xs text-muted">
              Preparing the passkey prompt…
            </p>
          )}
          <p role="status" className="mt-3 text-sm font-medium empty:hidden">
            {confirmed === 'add' ? 'Thank you, it’s you. Press “Add a passkey” again.' : ''}
          </p>
        </form>
      </section>

      <section className="card p-5 sm:p-6" aria-labelledby="passkey-list-heading">
        <h2 id="passkey-list-heading" ref={listHeadingRef} tabIndex={-1} className="mb-4 text-lg font-bold">
          Your passkeys <span className="font-mono text-sm font-medium text-muted">({items.length})</span>
        </h2>
        <p role="status" className="mb-3 text-sm font-medium empty:hidden">
          {confirmed === 'remove' ? 'Thank you, it’s you. Press “Remove” again.' : ''}
        </p>
        {items.length === 0 ? (
          <p className="text-muted">No passkeys yet. Add one to sign in without a provider or a console link.</p>
        ) : (
          <ul className="divide-y divide-line" data-list="passkeys">
            {items.map((item) => (
              <li key={item.id} className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0 sm:flex-row sm:items-start sm:justify-between" data-item={item.id}>
                <div className="min-w-0 flex-1">
                  <p className="font-semibold break-words">{item.name}</p>
                  <p className="mt-1 text-sm text-muted">
                    Added {when(item.createdAt)} · {item.lastUsedAt ? `last used ${when(item.lastUsedAt)}` : 'not used yet'} ·{' '}
                    {item.synced ? 'synced between devices' : 'on one device'}
                  </p>
                </div>
                <button
                  type="button"
                  className="btn-ghost min-h-9 shrink-0 px-3 py-1 text-danger"
                  aria-label={`Remove ${item.name}`}
                  onClick={() => setRemoving(item)}
                >
                  Remove
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>

      <ConfirmDialog
        open={removing !== null}
        title={`Remove “${removing?.name ?? ''}”?`}
        description="This passkey will no longer sign you in. The authenticator may still list it; you can delete it there too."
        confirmLabel="Remove"
        pendingLabel="Removing..."
        pending={removePending}
        onConfirm={() => void confirmRemove()}
        onCancel={() => setRemoving(null)}
      />
      <StepUpDialog
        open={stepUpFor !== null}
        passkey={items.length > 0}
        action={stepUpFor === 'remove' ? 'remove a passkey' : 'add a passkey'}
        onLeave={() => keepStepUpDraft(sessionStorage, 'passkeys:add', { name })}
        onConfirmed={() => {
          setConfirmed(stepUpFor);
          setStepUpFor(null);
          if (stepUpFor === 'add') requestAnimationFrame(() => nameRef.current?.focus());
          else requestAnimationFrame(() => listHeadingRef.current?.focus());
        }}
        onCancel={() => setStepUpFor(null)}
      />
    </div>
  );
}
