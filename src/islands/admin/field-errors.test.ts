import { describe, expect, it } from 'vitest';
import { projectCreate } from '#domain/shapes.ts';
import { ApiError } from '#src/lib/api-client.ts';
import { EMPTY_PROJECT, projectPayload } from '#src/lib/form-conversions.ts';
import { describeFailure, serverFieldErrors, validate } from './field-errors.ts';

describe('form validation with the API shapes', () => {
  it('names every field that is wrong, once, with a message that reads after its label', () => {
    const result = validate(projectCreate, projectPayload({ ...EMPTY_PROJECT, progress: '150' }));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual({ name: 'is required', category: 'is required', progress: 'must be at most 100' });
  });
  it('passes a good payload through as the shape parsed it', () => {
    const result = validate(projectCreate, projectPayload({ ...EMPTY_PROJECT, name: ' Kiln ', category: 'creative' }));
    expect(result.ok && result.data.name).toBe('Kiln');
  });
  it('files an error inside a list under the list field', () => {
    const result = validate(projectCreate, { ...projectPayload({ ...EMPTY_PROJECT, name: 'x', category: 'c' }), tags: ['a'.repeat(61)] });
    expect(!result.ok && result.errors.tags).toBe('must be at most 60 characters');
  });
});

describe("the server's answers", () => {
  it("shows a 400 naming a field beside that field, without the field's name in front", () => {
    const error = new ApiError(400, 'Bad Request', JSON.stringify({ error: 'name: is required', field: 'name' }));
    expect(serverFieldErrors(error)).toEqual({ name: 'is required' });
  });
  it('gives no field error for other failures', () => {
    expect(serverFieldErrors(new ApiError(500, 'Internal Server Error', '{"error":"oops"}'))).toBeNull();
    expect(serverFieldErrors(new TypeError('Failed to fetch'))).toBeNull();
  });
  it("describes a failure with the server's own message, or says the server was not reached", () => {
    expect(describeFailure(new ApiError(403, 'Forbidden', '{"error":"Only the site owner can do this."}'))).toBe('Only the site owner can do this.');
    expect(describeFailure(new TypeError('Failed to fetch'))).toBe('Could not reach the server (Failed to fetch).');
  });
});
