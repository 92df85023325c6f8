import { checkDemosSwitchRoute } from '#api/http/demo-check-routes.ts';

// Test switch only (ALLOW_TEST_SWITCHES): answers 404 everywhere else.
export const POST = checkDemosSwitchRoute;
