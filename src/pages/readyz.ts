import { readyz } from '#api/http/health.ts';

/** The database answers and is migrated, and the server is not draining: for load balancers and readiness probes. */
export const GET = () => readyz();
