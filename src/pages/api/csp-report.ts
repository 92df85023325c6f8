import type { APIRoute } from 'astro';
import { cspReportRoute } from '#api/http/csp-report-routes.ts';

export const POST: APIRoute = (context) => cspReportRoute(context);
