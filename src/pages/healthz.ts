import { healthz } from '#api/http/health.ts';

/** The process is up (no database touch, not logged): for container HEALTHCHECKs and liveness probes. */
export const GET = () => healthz();
