import { importStopSwitchRoute } from '#api/http/test-switches.ts';

// Test switch only (ALLOW_TEST_SWITCHES): answers 404 everywhere else.
export const POST = importStopSwitchRoute;
