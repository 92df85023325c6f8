import { EVERYTHING_ON, PRESET_VARIANTS } from '../support/a11y-matrix.ts';
import { VIEWER_ROUTES } from '../support/routes.ts';
import { describeAxeMatrix } from './axe-matrix-suite.ts';

describeAxeMatrix('a viewer', 'viewer', VIEWER_ROUTES, [{ name: 'no settings', settings: {} }, ...PRESET_VARIANTS, EVERYTHING_ON]);
