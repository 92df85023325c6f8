import { PRESET_VARIANTS } from '../support/a11y-matrix.ts';
import { ADMIN_ROUTES } from '../support/routes.ts';
import { describeAxeMatrix } from './axe-matrix-suite.ts';

describeAxeMatrix('the admin', 'admin', ADMIN_ROUTES, [{ name: 'no settings', settings: {} }, ...PRESET_VARIANTS]);
