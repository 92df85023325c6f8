export { rssRoute as GET } from '#api/http/feed-routes.ts';
