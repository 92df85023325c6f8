/**
 * Signs in through the owner's one-time link, as the owner would (the link opens a confirmation
 * page whose 'Sign in' button posts the token), and returns the session's Cookie header. `server` is where to post
 * it when the link's origin is a TLS proxy this process does not trust (the server's own http address, on this
 * machine); the Origin header stays the link's.
 */
export async function ownerCookie(link: string, server?: string): Promise<string> {
  const { origin, searchParams } = new URL(link);
  const response = await fetch(new URL('/api/login/owner/redeem', server ?? origin), {
    method: 'POST',
    headers: { Origin: origin, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token: searchParams.get('token') ?? '' }).toString(),
    redirect: 'manual',
  });
  const cookie = response.headers
    .getSetCookie()
    .map((line) => /^((?:__Host-)?session=[^;]+)/.exec(line)?.[1])
    .find(Boolean);
  if (response.status !== 303 || !cookie) throw new Error(`Signing in with the owner link answered ${response.status}`);
  return cookie;
}
