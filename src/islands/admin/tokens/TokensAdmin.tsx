import { useRef, useState } from 'react';
import { tokenCreate } from '#domain/shapes.ts';
import { apiGet, apiJson } from '#src/lib/api-client.ts';
import { toast } from '#src/stores/toast.ts';
import { ConfirmDialog } from '../../ConfirmDialog.tsx';
import { EntityForm, type FieldsProps } from '../EntityForm.tsx';
import { Field } from '../Field.tsx';
import { describeFailure } from '../field-errors.ts';
import { useHydrated } from '../useHydrated.ts';
import { useLeaveGuard } from '../useLeaveGuard.ts';
import { ownerDate } from '../metrics/metric-fields.tsx';

/** A token as GET /api/tokens lists it: never the secret, never its hash. */
export interface TokenItem {
  id: number;
  name: string;
  metricKeys: string[] | null;
  expiresAt: string | null;
  lastUsedAt: string | null;
  revokedAt: string | null;
  createdAt: string;
}

interface Props {
  tokens: TokenItem[];
  metrics: { key: string; name: string }[];
  zone: string;
  /** Whether a passkey exists, so "Confirm it's you" can offer it here. */
  passkey: boolean;
}

interface TokenDraft {
  name: string;
  expires: string;
  metricKeys: string[];
}

const EMPTY: TokenDraft = { name: '', expires: '', metricKeys: [] };

/** The expiry is a day: the token works to the end of it, in the owner's time zone. */
const toPayload = (draft: TokenDraft) => ({
  name: draft.name,
  expiresAt: draft.expires ? `${draft.expires}T23:59:59` : null,
  metricKeys: draft.metricKeys.length > 0 ? draft.metricKeys : null,
});

function status(token: TokenItem, now: number): string {
  if (token.revokedAt) return 'Revoked';
  if (token.expiresAt && Date.parse(token.expiresAt) <= now) return 'Expired';
  return 'Active';
}

/**
 * /data-management/tokens: create a named token (shown once, with a copy button), see every token with its
 * last use, revoke one after a confirmation.
 */
export default function TokensAdmin({ tokens: initial, metrics, zone, passkey }: Props) {
  const hydrated = useHydrated();
  const [tokens, setTokens] = useState(initial);
  const [secret, setSecret] = useState<{ name: string; token: string } | null>(null);
  const [revoking, setRevoking] = useState<TokenItem | null>(null);
  const [pending, setPending] = useState(false);
  const [dirty, setDirty] = useState(false);
  const secretRef = useRef<HTMLElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useLeaveGuard(dirty || secret !== null);
  const now = Date.now();
  const when = (iso: string | null, never: string) => (iso ? ownerDate(iso, zone, true) : never);

  const refresh = async () => {
    const fresh = await apiGet<TokenItem[]>('/api/tokens').catch(() => null);
    if (fresh) setTokens(fresh);
  };

  async function copy() {
    if (!secret) return;
    try {
      await navigator.clipboard.writeText(secret.token);
      toast({ title: 'Token copied to the clipboard' });
    } catch {
      toast({ title: 'Could not copy the token', description: 'Select it and copy it by hand.', variant: 'destructive' });
    }
  }

  async function confirmRevoke() {
    if (!revoking) return;
    const target = revoking;
    setPending(true);
    try {
      await apiJson('DELETE', `/api/tokens/${target.id}`);
      await refresh();
      toast({ title: 'Token revoked successfully!', description: `“${target.name}” no longer works.` });
      headingRef.current?.focus();
    } catch (error) {
      toast({ title: 'Failed to revoke token', description: describeFailure(error), variant: 'destructive' });
    } finally {
      setPending(false);
      setRevoking(null);
    }
  }

  return (
    <div data-hydrated={hydrated ? '' : undefined} className="grid items-start gap-6 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]">
      <div className="grid gap-6">
        <section className="card p-5 sm:p-6" aria-labelledby="token-add-heading">
          <h2 id="token-add-heading" className="mb-4 text-lg font-bold">
            Create a token
          </h2>
          <EntityForm<TokenDraft>
            label="Create token"
            initial={EMPTY}
            resetTo={() => EMPTY}
            toPayload={toPayload}
            shape={tokenCreate}
            save={async (data) => {
              const created = await apiJson<TokenItem & { token: string }>('POST', '/api/tokens', data);
              if (created) setSecret({ name: created.name, token: created.token });
              await refresh();
              // The new token is shown next: move there, so a screen reader reads it at once.
              requestAnimationFrame(() => secretRef.current?.focus());
            }}
            success="Token created successfully!"
            failure="Failed to create token"
            submitLabel="Create token"
            pendingLabel="Creating..."
            onDirtyChange={setDirty}
            stepUp={{ key: 'tokens:create', passkey, action: 'create a token' }}
            fields={(props) => <TokenFields {...props} metrics={metrics} />}
          />
        </section>

        {secret && (
          <section ref={secretRef} tabIndex={-1} className="card border-accent-text p-5 sm:p-6" aria-labelledby="token-secret-heading" data-new-token>
            <h2 id="token-secret-heading" className="text-lg font-bold">
              Your new token “{secret.name}”
            </h2>
            <p className="mt-2 text-sm">Copy it now: it is shown only this once. Only a fingerprint of it is stored.</p>
            <label className="mt-3 flex flex-col gap-1 text-sm font-medium">
              Token
              <input className="field font-mono" readOnly value={secret.token} onFocus={(e) => e.currentTarget.select()} />
            </label>
            <div className="mt-3 flex flex-wrap gap-3">
              <button type="button" className="btn-primary" onClick={() => void copy()}>
                Copy token
              </button>
              <button type="button" className="btn-ghost" onClick={() => setSecret(null)}>
                I have copied it
              </button>
            </div>
            <p className="mt-3 text-xs text-muted">
              Use it as <code className="font-mono">Authorization: Bearer …</code> on <code className="font-mono">POST /api/metrics/&#123;key&#125;/points</code>.
            </p>
          </section>
        )}
      </div>

      <section className="card min-w-0 p-5 sm:p-6" aria-labelledby="token-list-heading">
        <h2 id="token-list-heading" ref={headingRef} tabIndex={-1} className="mb-4 text-lg font-bold">
          Tokens <span className="font-mono text-sm font-medium text-muted">({tokens.length})</span>
        </h2>
        {tokens.length === 0 ? (
          <p className="text-muted">No tokens yet.</p>
        ) : (
          <ul className="divide-y divide-line" data-list="tokens">
            {tokens.map((token) => {
              const state = status(token, now);
              return (
                <li key={token.id} className="py-3" data-token={token.id}>
                  <article aria-label={token.name} className="flex flex-wrap items-start justify-between gap-3">
                    <div className="min-w-0">
                      <h3 className="font-semibold break-words">
                        {token.name} <span className={`chip ml-1 ${state === 'Active' ? '' : 'text-danger'}`}>{state}</span>
                      </h3>
                      <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 text-sm">
                        <dt className="text-muted">Last used</dt>
                        <dd className="font-mono">{when(token.lastUsedAt, 'Never')}</dd>
                        <dt className="text-muted">Expires</dt>
                        <dd className="font-mono">{when(token.expiresAt, 'Never')}</dd>
                        <dt className="text-muted">Metrics</dt>
                        <dd>{token.metricKeys ? token.metricKeys.join(', ') : 'All metrics'}</dd>
                        <dt className="text-muted">Created</dt>
                        <dd className="font-mono">{when(token.createdAt, '')}</dd>
                        {token.revokedAt && (
                          <>
                            <dt className="text-muted">Revoked</dt>
                            <dd className="font-mono">{when(token.revokedAt, '')}</dd>
                          </>
                        )}
                      </dl>
                    </div>
                    {!token.revokedAt && (
                      <button type="button" className="btn-ghost min-h-9 px-3 py-1 text-danger" aria-label={`Revoke ${token.name}`} onClick={() => setRevoking(token)}>
                        Revoke
                      </button>
                    )}
                  </article>
                </li>
              );
            })}
          </ul>
        )}
      </section>

      <ConfirmDialog
        open={revoking !== null}
        title="Revoke this token?"
        description={revoking ? `“${revoking.name}” stops working at once: anything that logs points with it gets 401 from now on. This cannot be undone.` : ''}
        confirmLabel="Revoke"
        pendingLabel="Revoking..."
        pending={pending}
        onConfirm={confirmRevoke}
        onCancel={() => setRevoking(null)}
      />
    </div>
  );
}

function TokenFields({ draft, set, errors, metrics }: FieldsProps<TokenDraft> & { metrics: { key: string; name: string }[] }) {
  const toggle = (key: string, on: boolean) => set('metricKeys', on ? [...draft.metricKeys, key] : draft.metricKeys.filter((k) => k !== key));
  return (
    <>
      <Field name="name" label="Name" required error={errors.name} hint="Where it is used, e.g. Phone shortcut." className="sm:col-span-2">
        {(control) => <input {...control} className="field" value={draft.name} onChange={(e) => set('name', e.target.value)} autoComplete="off" />}
      </Field>
      <Field name="expires" label="Expires" error={errors.expiresAt} hint="Optional. It works to the end of that day." className="sm:col-span-2">
        {(control) => <input {...control} type="date" className="field" value={draft.expires} onChange={(e) => set('expires', e.target.value)} />}
      </Field>
      <fieldset className="sm:col-span-2" aria-describedby="token-metrics-hint">
        <legend className="mb-1 text-sm font-medium">Metrics it may write</legend>
        <p id="token-metrics-hint" className="mb-2 text-xs text-muted">
          None ticked: every metric.
        </p>
        <div className="grid max-h-56 gap-1 overflow-y-auto sm:grid-cols-2">
          {metrics.map((metric) => (
            <label key={metric.key} className="flex items-center gap-2 text-sm">
              <input type="checkbox" name="metricKeys" value={metric.key} checked={draft.metricKeys.includes(metric.key)} onChange={(e) => toggle(metric.key, e.target.checked)} />
              {metric.name} <span className="font-mono text-xs text-muted">{metric.key}</span>
            </label>
          ))}
        </div>
        {errors.metricKeys && (
          <p className="mt-1 text-sm font-medium text-danger" data-field-error>
            Metrics {errors.metricKeys}
          </p>
        )}
      </fieldset>
    </>
  );
}
