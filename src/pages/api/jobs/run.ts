import type { APIRoute } from 'astro';
import { runJobsRoute } from '#api/http/jobs-route.ts';

export const GET: APIRoute = (context) => runJobsRoute(context);
