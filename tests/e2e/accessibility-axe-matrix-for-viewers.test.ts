import { EVERYTHING_ON, PRESET_VARIANTS } from '../support/a11y-matrix.ts';
import { VIEWER_ROUTES } from '../support/routes.ts';
import { describeAxeMatrix } from './axe-matrix-suite.ts';

// The project pages show a viewer what they show a visitor (the owner's controls are the admin's), under the
// signed-in top bar the viewer's other pages here carry: the visitors' matrix scans those bodies in every look.
const sameAsAVisitors = ['/projects', '/projects/1', '/portfolio-showcase'];
const paths = VIEWER_ROUTES.filter((path) => !sameAsAVisitors.includes(path));

describeAxeMatrix('a viewer', 'viewer', paths, [{ name: 'no settings', settings: {} }, ...PRESET_VARIANTS, EVERYTHING_ON]);
