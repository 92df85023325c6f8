/**
 * The passkeys page's two islands talk through this window event: the passkey list announces how many
 * passkeys the person has, and the recovery codes offer themselves once the first exists.
 */
export const PASSKEY_COUNT_EVENT = 'passkeys:count';

export const announcePasskeyCount = (count: number) => window.dispatchEvent(new CustomEvent<number>(PASSKEY_COUNT_EVENT, { detail: count }));
