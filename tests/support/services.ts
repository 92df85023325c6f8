/**
 * Local stand-ins the server talks to during tests (an OpenID provider, GitHub's and Spotify's API
 * shapes). Each adds its variables to the server's environment.
 */
export interface TestServices {
  env: Record<string, string>;
  stop(): Promise<void>;
}

/** Requests carrying this header count as coming from the address it names (sign-in rate limits). */
export const TEST_CLIENT_HEADER = 'x-test-client-address';

export async function startTestServices(): Promise<TestServices> {
  return { env: { TEST_CLIENT_ADDRESS_HEADER: TEST_CLIENT_HEADER }, stop: async () => {} };
}
