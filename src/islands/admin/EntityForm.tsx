import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { z } from 'zod';
import { needsStepUp } from '#src/lib/api-client.ts';
import { keepStepUpDraft, takeStepUpDraft } from '#src/lib/step-up-draft.ts';
import { toast } from '#src/stores/toast.ts';
import { mergeEarly, useEarlyInput } from '../early-input.ts';
import { StepUpDialog } from '../StepUpDialog.tsx';
import { describeFailure, serverFieldErrors, validate, type FieldErrors } from './field-errors.ts';

/** What a form's fields get: the draft, a setter per field and the errors keyed by payload field. */
export interface FieldsProps<D> {
  draft: D;
  set: <K extends keyof D>(key: K, value: D[K]) => void;
  errors: FieldErrors;
}

interface Props<D> {
  /** Starting values; for an edit form, the stored item. */
  initial: D;
  /** The values to return to after a successful save (create forms); without it the form stays as saved. */
  resetTo?: () => D;
  toPayload: (draft: D) => unknown;
  /** The API's own shape (domain/shapes.ts): one source of validation for browser and server. */
  shape: z.ZodType;
  /** Sends the parsed payload; throws on failure. */
  save: (data: unknown) => Promise<void>;
  success: string;
  failure: string;
  submitLabel: string;
  pendingLabel: string;
  onCancel?: () => void;
  onDirtyChange: (dirty: boolean) => void;
  fields: (props: FieldsProps<D>) => ReactNode;
  /** Accessible name of the form, e.g. 'Add a project' or 'Edit Kiln'. */
  label: string;
  /**
   * For a dangerous act (api/auth/step-up.ts): a 403 step_up_required opens "Confirm it's you" instead of
   * failing, and what was typed is kept under `key` while the owner signs in elsewhere.
   */
  stepUp?: { key: string; passkey: boolean; action: string };
}

const sameDraft = <D,>(a: D, b: D) => JSON.stringify(a) === JSON.stringify(b);

/**
 * One form for create and edit: validates with the API's shape before sending, shows each message
 * beside its field (the server's 400 too), keeps everything typed when a request fails, and tells
 * its owner whether it holds unsaved changes. What was typed before its script ran is kept and sent.
 */
export function EntityForm<D>(props: Props<D>) {
  const { initial, resetTo, toPayload, shape, save, success, failure, submitLabel, pendingLabel, onCancel, onDirtyChange, fields, label, stepUp } = props;
  const [draft, setDraft] = useState(initial);
  const [baseline, setBaseline] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [checked, setChecked] = useState(false);
  const [pending, setPending] = useState(false);
  const [focusError, setFocusError] = useState(0);
  const [askStepUp, setAskStepUp] = useState(false);
  const [confirmed, setConfirmed] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const submitRef = useRef<HTMLButtonElement>(null);
  const dirty = !sameDraft(draft, baseline);
  // Typed before the island hydrated: taken into the draft (fields are named after its keys), so it is sent.
  const early = useEarlyInput((values) => setDraft((current) => mergeEarly(current, values)));

  useEffect(() => {
    onDirtyChange(dirty);
  }, [dirty, onDirtyChange]);
  // A form that goes away holds no changes any more.
  useEffect(() => () => onDirtyChange(false), [onDirtyChange]);

  // Back from signing in elsewhere: what was typed before leaving comes back.
  const stepUpKey = stepUp?.key;
  useEffect(() => {
    const kept = stepUpKey ? takeStepUpDraft<D>(sessionStorage, stepUpKey) : null;
    if (kept) setDraft((current) => ({ ...current, ...kept }));
  }, [stepUpKey]);

  useEffect(() => {
    if (focusError) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusError]);

  const set = <K extends keyof D>(key: K, value: D[K]) => {
    const next = { ...draft, [key]: value };
    setDraft(next);
    // After a first attempt, messages follow the typing, so a fixed field stops complaining at once.
    if (checked) {
      const result = validate(shape, toPayload(next));
      setErrors(result.ok ? {} : result.errors);
    }
  };

  async function submit(event: React.SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    setChecked(true);
    const result = validate(shape, toPayload(draft));
    if (!result.ok) {
      setErrors(result.errors);
      setFocusError((n) => n + 1);
      return;
    }
    setErrors({});
    setPending(true);
    try {
      await save(result.data);
    } catch (error) {
      if (stepUp && needsStepUp(error)) {
        setPending(false);
        setAskStepUp(true);
        return;
      }
      const fieldErrors = serverFieldErrors(error);
      if (fieldErrors) {
        setErrors(fieldErrors);
        setFocusError((n) => n + 1);
      }
      toast({ title: failure, description: describeFailure(error), variant: 'destructive' });
      setPending(false);
      return;
    }
    setPending(false);
    setConfirmed(false);
    toast({ title: success });
    const next = resetTo ? resetTo() : draft;
    setDraft(next);
    setBaseline(next);
    setChecked(false);
  }

  return (
    <form ref={formRef} {...early} noValidate onSubmit={submit} aria-label={label} aria-busy={pending || undefined}>
      <p className="mb-4 text-xs text-muted">
        Fields marked <span aria-hidden="true">*</span>
        <span className="sr-only">with an asterisk</span> are required.
      </p>
      {errors[''] && <p className="mb-3 text-sm font-medium text-danger">{errors['']}</p>}
      <div className="grid gap-4 sm:grid-cols-2">{fields({ draft, set, errors })}</div>
      <div className="mt-5 flex flex-wrap items-center gap-3">
        {/* aria-disabled, not disabled: the button keeps keyboard focus while the request runs. */}
        <button ref={submitRef} type="submit" className="btn-primary" aria-disabled={pending || undefined}>
          {pending ? pendingLabel : submitLabel}
        </button>
        {onCancel && (
          <button type="button" className="btn-ghost" onClick={onCancel} disabled={pending}>
            Cancel
          </button>
        )}
        {dirty && !pending && <span className="text-xs text-muted">Unsaved changes</span>}
      </div>
      <p role="status" className="mt-3 text-sm font-medium empty:hidden">
        {confirmed ? `Thank you, it's you. Press “${submitLabel}” again.` : ''}
      </p>
      {stepUp && (
        <StepUpDialog
          open={askStepUp}
          passkey={stepUp.passkey}
          action={stepUp.action}
          onLeave={() => keepStepUpDraft(sessionStorage, stepUp.key, draft)}
          onConfirmed={() => {
            setAskStepUp(false);
            setConfirmed(true);
            requestAnimationFrame(() => submitRef.current?.focus());
          }}
          onCancel={() => setAskStepUp(false)}
        />
      )}
    </form>
  );
}
