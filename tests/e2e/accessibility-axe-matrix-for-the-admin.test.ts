import { EVERYTHING_ON, PRESET_VARIANTS } from '../support/a11y-matrix.ts';
import { ADMIN_ROUTES } from '../support/routes.ts';
import { describeAxeMatrix } from './axe-matrix-suite.ts';

// '/account/sessions' and '/no-such-page' are the same body for the owner as for a viewer, under the signed-in top
// bar every other page here has: the viewer's matrix scans them in every look.
const paths = ADMIN_ROUTES.filter((path) => path !== '/account/sessions' && path !== '/no-such-page');

describeAxeMatrix('the admin', 'admin', paths, [{ name: 'no settings', settings: {} }, ...PRESET_VARIANTS, EVERYTHING_ON]);
