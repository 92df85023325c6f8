/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    /** The signed-in user, or null for a visitor. Set by the middleware. */
    user: import('../api/auth/types.ts').SessionUser | null;
  }
}
