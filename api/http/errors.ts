/** An answer the client caused: its status and a message safe to show. `field` names the offending input. */
export class HttpError extends Error {
  readonly status: number;
  readonly field: string | undefined;
  constructor(status: number, message: string, field?: string) {
    super(message);
    this.status = status;
    this.field = field;
  }

  /** The JSON body of the answer: `{ error, field? }` (a subclass may say more). */
  get body(): Record<string, unknown> {
    return this.field ? { error: this.message, field: this.field } : { error: this.message };
  }
}

export const badRequest = (message: string, field?: string) => new HttpError(400, message, field);
export const notFound = (message = 'Not found') => new HttpError(404, message);
