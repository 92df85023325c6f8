import { createServer, type Server } from 'node:http';

/**
 * A local HTTP server speaking the two Spotify Web API calls the server makes: the client-credentials
 * token (POST /api/token) and playlist search (GET /v1/search). POST /__mode switches it between
 * answering, failing (500) and hanging (to exercise the 3 s timeout). GET /__stats counts token grants.
 */
export const SPOTIFY_CLIENT_ID = 'test-spotify-client';
export const SPOTIFY_CLIENT_SECRET = 'test-spotify-secret';

type Mode = 'ok' | 'fail' | 'hang';

export async function startSpotifyStandIn(): Promise<{ url: string; env: Record<string, string>; stop(): Promise<void> }> {
  let mode: Mode = 'ok';
  let tokensGranted = 0;
  const server: Server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (url.pathname === '/__mode' && request.method === 'POST') {
      let text = '';
      for await (const chunk of request) text += chunk;
      mode = (JSON.parse(text) as { mode: Mode }).mode;
      return send(200, { mode });
    }
    if (url.pathname === '/__stats') return send(200, { tokensGranted });
    if (mode === 'hang') return; // never answers
    if (mode === 'fail') return send(500, { error: { status: 500, message: 'Server error' } });

    if (url.pathname === '/api/token' && request.method === 'POST') {
      const expected = `Basic ${Buffer.from(`${SPOTIFY_CLIENT_ID}:${SPOTIFY_CLIENT_SECRET}`).toString('base64')}`;
      let text = '';
      for await (const chunk of request) text += chunk;
      if (request.headers.authorization !== expected || text !== 'grant_type=client_credentials') {
        return send(400, { error: 'invalid_client' });
      }
      tokensGranted++;
      return send(200, { access_token: 'standin-token', token_type: 'Bearer', expires_in: 3600 });
    }
    if (url.pathname === '/v1/search' && request.method === 'GET') {
      if (request.headers.authorization !== 'Bearer standin-token') return send(401, { error: { status: 401, message: 'Invalid access token' } });
      const q = url.searchParams.get('q') ?? '';
      // Spotify's real answers contain null items; the server must skip them.
      const items = [
        null,
        playlist('SpotifyFound0001', `Spotify: ${q}`, 'Found by search'),
        playlist('SpotifyFound0002', `More ${q}`, ''),
        { ...playlist('', 'No id', 'Skipped') },
      ];
      return send(200, { playlists: { href: url.href, items, limit: 9, offset: 0, total: items.length } });
    }
    send(404, { error: { status: 404, message: 'Not found' } });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return {
    url,
    env: {
      SPOTIFY_CLIENT_ID,
      SPOTIFY_CLIENT_SECRET,
      SPOTIFY_ACCOUNTS_URL: url,
      SPOTIFY_API_URL: url,
    },
    stop: () =>
      new Promise((resolve) => {
        // A 'hang' test leaves a request open on purpose; don't wait for it.
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function playlist(id: string, name: string, description: string) {
  return {
    id,
    name,
    description,
    images: [{ url: `https://i.scdn.co/image/${id || 'none'}`, height: 640, width: 640 }],
    tracks: { href: '', total: 42 },
    external_urls: { spotify: `https://open.spotify.com/playlist/${id}` },
    type: 'playlist',
  };
}
