/**
 * The case-study editor's text kept in this browser while it is not saved: typed text survives a reload,
 * a crash, a lost connection or a sign-out, and is offered back when the editor opens again. Pure apart
 * from the storage it is handed, so it is tested without a browser.
 */
export interface KeptDraft {
  text: string;
  published: boolean;
  /** When it was kept (ISO instant). */
  at: string;
}

export const draftKey = (projectId: number) => `case-study-draft:${projectId}`;

export function readDraft(storage: Pick<Storage, 'getItem'>, projectId: number): KeptDraft | null {
  try {
    const value = JSON.parse(storage.getItem(draftKey(projectId)) ?? 'null') as Partial<KeptDraft> | null;
    if (!value || typeof value.text !== 'string' || typeof value.at !== 'string') return null;
    return { text: value.text, published: value.published === true, at: value.at };
  } catch {
    return null;
  }
}

export function keepDraft(storage: Pick<Storage, 'setItem'>, projectId: number, draft: KeptDraft): boolean {
  try {
    storage.setItem(draftKey(projectId), JSON.stringify(draft));
    return true;
  } catch {
    // Storage full or refused (private mode): the text is still in the page.
    return false;
  }
}

export function forgetDraft(storage: Pick<Storage, 'removeItem'>, projectId: number): void {
  try {
    storage.removeItem(draftKey(projectId));
  } catch {
    // Nothing kept, nothing to forget.
  }
}

/** The text with `snippet` in place of the selection, and where the caret goes after it. */
export function insertAt(text: string, start: number, end: number, snippet: string): { text: string; caret: number } {
  const before = text.slice(0, start);
  const after = text.slice(end);
  // A picture is a block of its own: blank lines around it unless the text already has them.
  const lead = before === '' || before.endsWith('\n\n') ? '' : before.endsWith('\n') ? '\n' : '\n\n';
  const trail = after === '' ? '\n' : after.startsWith('\n\n') ? '' : after.startsWith('\n') ? '\n' : '\n\n';
  const inserted = `${lead}${snippet}${trail}`;
  return { text: before + inserted + after, caret: before.length + inserted.length };
}

/** Markdown for a picture: alt text with brackets escaped, the address in angle brackets if it has spaces. */
export function pictureMarkdown(alt: string, url: string): string {
  const safeAlt = alt.trim().replace(/([\\[\]])/g, '\\$1');
  const safeUrl = /[\s()]/.test(url) ? `<${url}>` : url;
  return `![${safeAlt}](${safeUrl})`;
}

/** How long to wait before the next automatic retry of a save that could not reach the server. */
export function retryDelay(attempt: number): number {
  return Math.min(30_000, 2000 * 2 ** Math.max(0, attempt - 1));
}
