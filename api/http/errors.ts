/** An answer the client caused: its status and a message safe to show. `field` names the offending input. */
export class HttpError extends Error {
  readonly status: number;
  readonly field: string | undefined;
  constructor(status: number, message: string, field?: string) {
    super(message);
    this.status = status;
    this.field = field;
  }
}

export const badRequest = (message: string, field?: string) => new HttpError(400, message, field);
export const notFound = (message = 'Not found') => new HttpError(404, message);
