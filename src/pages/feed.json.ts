export { jsonFeedRoute as GET } from '#api/http/feed-routes.ts';
