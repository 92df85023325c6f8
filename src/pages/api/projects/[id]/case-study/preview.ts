export { previewCaseStudyRoute as POST } from '#api/http/case-study-routes.ts';
