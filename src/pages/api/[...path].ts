import { errorResponse } from '#api/http/respond.ts';

/** Unknown API paths answer JSON, not the HTML 404 page. */
export const ALL = () => errorResponse(404, 'No such API endpoint.');
