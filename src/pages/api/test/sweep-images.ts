import { imageSweepSwitchRoute } from '#api/http/image-routes.ts';

// Test switch only (ALLOW_TEST_SWITCHES): answers 404 everywhere else.
export const POST = imageSweepSwitchRoute;
