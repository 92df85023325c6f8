import { defineMiddleware } from 'astro:middleware';
import { compressResponse } from '#api/http/compress.ts';
import { finishPage } from '#api/http/finish-page.ts';
import { isHealthCheck } from './health.ts';

/** Answers already finished and compressed by a middleware further in (the kept signed-in dashboard). */
export const finishedResponses = new WeakSet<Response>();

/** A page's last touches (its Content-Security-Policy, api/http/finish-page.ts), then compression for the client. */
export const finish = defineMiddleware(async (context, next) => {
  const response = await next();
  if (isHealthCheck(context.url) || finishedResponses.has(response)) return response;
  return compressResponse(context.request, await finishPage(response));
});
