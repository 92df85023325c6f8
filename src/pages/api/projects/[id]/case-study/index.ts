export { saveCaseStudyRoute as PUT } from '#api/http/case-study-routes.ts';
