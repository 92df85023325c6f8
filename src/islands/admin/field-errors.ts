import type { z } from 'zod';
import { ApiError } from '#src/lib/api-client.ts';

/** One message per field, keyed by the payload's field name (tags, progress, ...). */
export type FieldErrors = Record<string, string>;

/**
 * Validates a payload with the API's own shape (domain/shapes.ts), so the browser says exactly what
 * the server would. Messages read after the field's label: 'is required', 'must be at most 100'.
 */
export function validate<S extends z.ZodType>(shape: S, payload: unknown): { ok: true; data: z.infer<S> } | { ok: false; errors: FieldErrors } {
  const result = shape.safeParse(payload);
  if (result.success) return { ok: true, data: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '');
    if (field && !(field in errors)) errors[field] = message(issue, payload);
  }
  // An issue with no field (never expected from a form) still has to be shown somewhere.
  if (Object.keys(errors).length === 0) errors[''] = result.error.issues[0]?.message ?? 'is not valid';
  return { ok: false, errors };
}

/** zod leaves `input` out of its issues, so whether a field is missing is read from the payload itself. */
function message(issue: z.core.$ZodIssue, payload: unknown): string {
  if (issue.code !== 'invalid_type') return issue.message;
  const value = issue.path.length === 1 && typeof payload === 'object' && payload !== null ? (payload as Record<PropertyKey, unknown>)[issue.path[0]!] : issue.input;
  return value === undefined || value === null ? 'is required' : `must be a ${issue.expected}`;
}

/**
 * The server's 400 `{ error: 'name: is required', field: 'name' }` as a field error, so it is shown
 * beside the field like the browser's own check (a 409 naming a field too: a metric key or a point's date
 * already taken). Null when the answer names no field.
 */
export function serverFieldErrors(error: unknown): FieldErrors | null {
  if (!(error instanceof ApiError) || (error.status !== 400 && error.status !== 409)) return null;
  const { error: text, field } = error.details;
  if (!field || !text) return null;
  const key = field.split('.')[0]!;
  return { [key]: text.replace(new RegExp(`^${escape(field)}:\\s*`), '') };
}

/** What went wrong, in words for a toast: the server's own message when it sent one. */
export function describeFailure(error: unknown): string {
  if (error instanceof ApiError) return error.details.error ?? error.message;
  if (error instanceof Error && error.message) return `Could not reach the server (${error.message}).`;
  return 'Could not reach the server.';
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
