export { moodPlaylistsRoute as GET } from '#api/http/dashboard-routes.ts';
