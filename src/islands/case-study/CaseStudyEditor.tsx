import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { RenderedCaseStudy } from '#api/services/case-study-render.ts';
import { ApiError, apiRequest } from '#src/lib/api-client.ts';
import { forgetDraft, insertAt, keepDraft, pictureMarkdown, readDraft, retryDelay } from '#src/lib/case-study-draft.ts';
import { useEarlyInput } from '../early-input.ts';
import { PicturePicker, type PickablePicture } from './PicturePicker.tsx';

/*
 * The owner's case-study editor: Markdown on one side, the server's rendering of it on the other (the same
 * renderer as the public page, through POST …/case-study/preview), side by side on a wide screen and as two
 * tabs on a phone. Typed text is kept in this browser until a save succeeds; a save that cannot reach the
 * server keeps the text and tries again by itself. Self-contained: it shares no state with the admin forms.
 */

export interface CaseStudyEditorProps {
  projectId: number;
  projectName: string;
  initialText: string;
  initialPublished: boolean;
  initialPreview: RenderedCaseStudy & { problem: string | null };
  pictures: PickablePicture[];
}

type Preview = RenderedCaseStudy & { problem: string | null };
type SaveState =
  | { kind: 'idle' }
  | { kind: 'saving' }
  | { kind: 'saved'; at: Date }
  | { kind: 'refused'; message: string }
  | { kind: 'signed-out' }
  | { kind: 'retrying'; attempt: number; inSeconds: number };

const PREVIEW_DELAY_MS = 400;
const KEEP_DELAY_MS = 300;

const timeOfDay = (date: Date) => date.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });

export default function CaseStudyEditor({ projectId, projectName, initialText, initialPublished, initialPreview, pictures }: CaseStudyEditorProps) {
  const id = useId();
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const [text, setText] = useState(initialText);
  const [saved, setSaved] = useState({ text: initialText, published: initialPublished });
  const [preview, setPreview] = useState<Preview>(initialPreview);
  const [previewNote, setPreviewNote] = useState('');
  const [tab, setTab] = useState<'write' | 'preview'>('write');
  const [save, setSave] = useState<SaveState>({ kind: 'idle' });
  const [restored, setRestored] = useState<string | null>(null);
  const [picking, setPicking] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const retryTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const countdown = useRef<ReturnType<typeof setInterval> | undefined>(undefined);
  const dirty = text !== saved.text;

  // Text typed before this script ran, or else kept from an earlier visit, is the text.
  const typedEarly = useRef(false);
  const early = useEarlyInput((values) => {
    if (typeof values.caseStudy !== 'string') return;
    typedEarly.current = true;
    setText(values.caseStudy);
  });
  useLayoutEffect(() => {
    if (typedEarly.current) return;
    const kept = readDraft(localStorage, projectId);
    if (kept && kept.text !== initialText) {
      setText(kept.text);
      setRestored(timeOfDay(new Date(kept.at)));
      setAnnouncement(`Restored text you had not saved, from ${timeOfDay(new Date(kept.at))}.`);
    }
  }, [projectId, initialText]);

  // Keep the text in this browser while it differs from what the server holds.
  useEffect(() => {
    const timer = setTimeout(() => {
      if (text === saved.text) forgetDraft(localStorage, projectId);
      else keepDraft(localStorage, projectId, { text, published: saved.published, at: new Date().toISOString() });
    }, KEEP_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, saved, projectId]);

  // Leaving with unsaved text asks first (it is kept in the browser too).
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  // The preview follows the text, rendered by the server as the public page renders it.
  useEffect(() => {
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      try {
        const response = await fetch(`/api/projects/${projectId}/case-study/preview`, {
          method: 'POST',
          credentials: 'include',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ caseStudy: text }),
          signal: controller.signal,
        });
        if (!response.ok) {
          const body = (await response.json().catch(() => ({}))) as { error?: string };
          setPreviewNote(response.status === 401 || response.status === 403 ? 'Preview paused: you are signed out.' : `Preview not updated: ${body.error ?? response.statusText}`);
          return;
        }
        setPreview((await response.json()) as Preview);
        setPreviewNote('');
      } catch {
        if (!controller.signal.aborted) setPreviewNote('Preview not updated: the server cannot be reached. It updates again as you type.');
      }
    }, PREVIEW_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text, projectId]);

  const stopRetrying = () => {
    clearTimeout(retryTimer.current);
    clearInterval(countdown.current);
  };
  useEffect(() => stopRetrying, []);

  const submit = useCallback(
    async (published: boolean, attempt = 1) => {
      stopRetrying();
      const body = textareaRef.current?.value ?? text;
      setSave({ kind: 'saving' });
      try {
        await apiRequest('PUT', `/api/projects/${projectId}/case-study`, { caseStudy: body, published });
        setSaved({ text: body, published });
        forgetDraft(localStorage, projectId);
        setRestored(null);
        setSave({ kind: 'saved', at: new Date() });
        setAnnouncement(published ? 'Published. Visitors now see this case study.' : 'Saved as a draft. Only you see it.');
      } catch (error) {
        if (error instanceof ApiError && error.status === 400) {
          const message = error.details.error?.replace(/^caseStudy: /, '') ?? 'The text was refused.';
          setSave({ kind: 'refused', message });
          setAnnouncement(`Not saved: ${message}`);
          textareaRef.current?.focus();
        } else if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
          setSave({ kind: 'signed-out' });
          setAnnouncement('Not saved: you are signed out. Your text is kept in this browser.');
        } else {
          // The network, a timeout or the server briefly away: keep the text, try again by itself.
          let seconds = Math.round(retryDelay(attempt) / 1000);
          setSave({ kind: 'retrying', attempt, inSeconds: seconds });
          if (attempt === 1) setAnnouncement('Not saved yet: the server cannot be reached. Your text is kept; trying again.');
          countdown.current = setInterval(() => {
            seconds = Math.max(0, seconds - 1);
            setSave({ kind: 'retrying', attempt, inSeconds: seconds });
          }, 1000);
          retryTimer.current = setTimeout(() => void submit(published, attempt + 1), retryDelay(attempt));
        }
      }
    },
    [projectId, text],
  );

  const insertPicture = (alt: string, url: string) => {
    const area = textareaRef.current;
    const start = area?.selectionStart ?? text.length;
    const end = area?.selectionEnd ?? text.length;
    const next = insertAt(text, start, end, pictureMarkdown(alt, url));
    setText(next.text);
    setPicking(false);
    setAnnouncement(`Picture inserted: ${alt}.`);
    requestAnimationFrame(() => {
      area?.focus();
      area?.setSelectionRange(next.caret, next.caret);
    });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 's') {
      event.preventDefault();
      void submit(saved.published);
    }
  };

  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (!['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(event.key)) return;
    event.preventDefault();
    const next = tab === 'write' ? 'preview' : 'write';
    setTab(event.key === 'Home' ? 'write' : event.key === 'End' ? 'preview' : next);
    document.getElementById(`${id}-tab-${event.key === 'Home' ? 'write' : event.key === 'End' ? 'preview' : next}`)?.focus();
  };

  const errorText = save.kind === 'refused' ? save.message : null;
  const describedBy = [`${id}-help`, errorText ? `${id}-error` : ''].filter(Boolean).join(' ');
  const busy = save.kind === 'saving';

  return (
    <div className="flex flex-col gap-4" data-case-study-editor {...early}>
      <p className="sr-only" role="status" aria-live="polite" data-editor-announcement>
        {announcement}
      </p>
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-line bg-surface-2 px-4 py-3 text-sm">
        <p data-case-study-state={saved.published ? 'published' : 'draft'}>
          <strong>{saved.published ? 'Published' : 'Draft'}</strong>
          {saved.published ? ': visitors see the saved case study.' : ': only you see it until you publish.'}
        </p>
        <SaveStatus state={save} dirty={dirty} onRetry={() => void submit(saved.published)} />
      </div>
      {restored && (
        <div className="flex flex-wrap items-center gap-3 rounded-xl border border-line p-3 text-sm" data-restored-draft>
          <p>Restored text you had not saved, from {restored}.</p>
          <button
            type="button"
            className="btn-ghost"
            onClick={() => {
              setText(saved.text);
              forgetDraft(localStorage, projectId);
              setRestored(null);
              setAnnouncement('Unsaved text discarded.');
            }}
          >
            Discard it
          </button>
        </div>
      )}

      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn-ghost" aria-expanded={picking} aria-controls={`${id}-pictures`} onClick={() => setPicking((open) => !open)}>
          Insert picture
        </button>
      </div>
      {picking && <PicturePicker id={`${id}-pictures`} pictures={pictures} onInsert={insertPicture} onCancel={() => { setPicking(false); textareaRef.current?.focus(); }} />}

      <div role="tablist" aria-label="Write or preview" className="flex gap-2 lg:hidden">
        {(['write', 'preview'] as const).map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            id={`${id}-tab-${name}`}
            aria-selected={tab === name}
            aria-controls={`${id}-panel-${name}`}
            tabIndex={tab === name ? 0 : -1}
            className={tab === name ? 'btn-primary' : 'btn-ghost'}
            onClick={() => setTab(name)}
            onKeyDown={onTabKey}
          >
            {name === 'write' ? 'Write' : 'Preview'}
          </button>
        ))}
      </div>

      <div className="grid gap-6 lg:grid-cols-2">
        <div id={`${id}-panel-write`} role="tabpanel" aria-labelledby={`${id}-tab-write`} className={tab === 'write' ? '' : 'hidden lg:block'}>
          <label htmlFor={`${id}-text`} className="block text-sm font-medium">
            Case study (Markdown)
          </label>
          <p id={`${id}-help`} className="mt-1 mb-2 text-xs text-muted">
            Headings with #, lists with -, links as [text](https://…), pictures from “Insert picture”. HTML is shown as text. Ctrl+S saves.
          </p>
          <textarea
            ref={textareaRef}
            id={`${id}-text`}
            name="caseStudy"
            className="field min-h-[24rem] font-mono text-sm"
            rows={24}
            value={text}
            spellCheck
            aria-invalid={errorText ? true : undefined}
            aria-describedby={describedBy}
            onChange={(event) => {
              setText(event.target.value);
              if (save.kind === 'refused' || save.kind === 'saved') setSave({ kind: 'idle' });
            }}
            onKeyDown={onKeyDown}
          />
          {errorText && (
            <p id={`${id}-error`} className="mt-1 text-sm font-medium text-danger" data-field-error>
              Case study {errorText}
            </p>
          )}
        </div>
        <section
          id={`${id}-panel-preview`}
          role="tabpanel"
          aria-labelledby={`${id}-tab-preview`}
          className={tab === 'preview' ? 'card p-5' : 'card hidden p-5 lg:block'}
          data-case-study-preview
        >
          <h2 className="text-sm font-semibold tracking-wide text-muted uppercase">Preview</h2>
          <p className="mt-1 text-sm text-muted">
            {preview.words === 0 ? 'Nothing written yet.' : `${preview.readingMinutes} min read · ${preview.words} words · ${preview.headings.length} headings`}
            {preview.toc ? ' · table of contents shown' : ''}
          </p>
          {preview.problem && <p className="mt-2 text-sm font-medium text-danger">A save would be refused: {preview.problem}</p>}
          {previewNote && <p className="mt-2 text-sm text-muted">{previewNote}</p>}
          {/* Sanitised by the server's renderer, the one the public page uses. */}
          <div className="case-study-body mt-4" dangerouslySetInnerHTML={{ __html: preview.html }} />
        </section>
      </div>

      <div className="flex flex-wrap items-center gap-3">
        {saved.published ? (
          <>
            <button type="button" className="btn-primary" disabled={busy} onClick={() => void submit(true)}>
              Save changes
            </button>
            <button type="button" className="btn-ghost" disabled={busy} onClick={() => void submit(false)}>
              Unpublish (back to draft)
            </button>
          </>
        ) : (
          <>
            <button type="button" className="btn-primary" disabled={busy} onClick={() => void submit(true)}>
              Publish
            </button>
            <button type="button" className="btn-ghost" disabled={busy} onClick={() => void submit(false)}>
              Save draft
            </button>
          </>
        )}
        <a href={`/data-management/case-studies/${projectId}/preview`} className="underline underline-offset-2">
          Preview as a visitor sees it<span className="sr-only"> ({projectName}, last saved version)</span>
        </a>
      </div>
    </div>
  );
}

function SaveStatus({ state, dirty, onRetry }: { state: SaveState; dirty: boolean; onRetry: () => void }) {
  switch (state.kind) {
    case 'saving':
      return <p data-save-status="saving">Saving…</p>;
    case 'saved':
      return <p data-save-status="saved">{dirty ? 'Unsaved changes (kept in this browser)' : `Saved at ${timeOfDay(state.at)}`}</p>;
    case 'refused':
      return <p data-save-status="refused" className="font-medium text-danger">Not saved: see the message under the text.</p>;
    case 'signed-out':
      return (
        <p data-save-status="signed-out" className="font-medium text-danger">
          Not saved: you are signed out. Sign in again in another tab, then save; your text is kept here.
        </p>
      );
    case 'retrying':
      return (
        <p data-save-status="retrying" className="flex flex-wrap items-center gap-2 font-medium">
          Not saved yet: the server cannot be reached. Your text is kept; trying again in {state.inSeconds} s.
          <button type="button" className="btn-ghost" onClick={onRetry}>
            Retry now
          </button>
        </p>
      );
    default:
      return <p data-save-status={dirty ? 'unsaved' : 'idle'}>{dirty ? 'Unsaved changes (kept in this browser)' : 'No changes'}</p>;
  }
}
