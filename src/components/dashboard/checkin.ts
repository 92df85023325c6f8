import { ApiError, apiJson } from '#src/lib/api-client.ts';
import { forgetAll, keep, sent, waiting, type CheckinChanges } from '#src/lib/checkin-outbox.ts';

/*
 * The daily check-in's behaviour (issue 30) over the server's HTML (CheckInSection.astro): a tap on a level
 * saves it at once; the note and tags save with their button; offline, a change is kept on this device and
 * sent when the connection returns, and the status line says which.
 */
const form = document.querySelector<HTMLFormElement>('form[data-checkin]');
if (form) start(form);

function start(form: HTMLFormElement): void {
  const day = form.dataset.day!;
  const user = form.dataset.user!;
  const status = form.querySelector<HTMLElement>('#checkin-status')!;
  const say = (kind: string, text: string) => {
    status.dataset.checkinStatus = kind;
    status.textContent = text;
  };

  async function save(changes: CheckinChanges, what: string): Promise<void> {
    if (navigator.onLine === false) {
      keep(user, day, changes);
      say('kept', `You are offline. ${what} is kept on this device and will be sent when the connection returns.`);
      return;
    }
    // 'Mood “Great”' → 'Saving mood “Great”…': the level keeps its capital, as in the saved message.
    say('saving', `Saving ${what.charAt(0).toLowerCase()}${what.slice(1)}…`);
    try {
      await apiJson('PUT', `/api/checkins/${day}`, changes);
      say('saved', `${what} saved.`);
    } catch (error) {
      if (error instanceof ApiError) {
        say('error', error.details.error ?? 'The check-in could not be saved. Please try again.');
        return;
      }
      // No answer at all: the connection dropped. Keep it for later.
      keep(user, day, changes);
      say('kept', `The connection dropped. ${what} is kept on this device and will be sent when it returns.`);
    }
  }

  let flushing = false;
  async function flush(): Promise<void> {
    if (flushing) return;
    flushing = true;
    try {
      const queue = waiting(user);
      if (queue.length === 0) return;
      for (const [queuedDay, changes] of queue) {
        await apiJson('PUT', `/api/checkins/${queuedDay}`, changes);
        sent(user, queuedDay);
      }
      say('saved', 'Back online: the check-in kept on this device is saved.');
    } catch {
      // still offline, or refused: it stays kept, and the next return of the connection tries again
    } finally {
      flushing = false;
    }
  }

  const levelChanges = (radio: HTMLInputElement): [CheckinChanges, string] => {
    const scale = radio.name === 'mood' ? 'Mood' : 'Energy';
    return [{ [radio.name]: Number(radio.value) }, `${scale} “${radio.dataset.levelName}”`];
  };
  const noteAndTags = (): CheckinChanges => {
    const picked = [...form.querySelectorAll<HTMLInputElement>('input[name="tags"]:checked')].map((box) => box.value);
    const typed = (form.elements.namedItem('tagText') as HTMLInputElement).value
      .split(',')
      .map((tag) => tag.trim().toLowerCase().replace(/\s+/g, '-'))
      .filter(Boolean);
    return { note: (form.elements.namedItem('note') as HTMLTextAreaElement).value, tags: [...new Set([...picked, ...typed])] };
  };

  form.addEventListener('change', (event) => {
    const target = event.target as HTMLInputElement;
    if (target.type === 'radio' && target.checked) void save(...levelChanges(target));
  });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const changes = noteAndTags();
    const input = form.elements.namedItem('tagText') as HTMLInputElement;
    input.value = '';
    void save(changes, 'Note and tags');
  });

  // Taps made before this script ran: a level chosen then is saved now.
  for (const radio of form.querySelectorAll<HTMLInputElement>('input[type="radio"]')) {
    if (radio.checked && !radio.defaultChecked) void save(...levelChanges(radio));
  }
  form.removeAttribute('data-hydrating');
  form.dataset.hydrated = '';
  // A submit pressed before (held by the head script) is sent now.
  if (form.hasAttribute('data-held-submit')) {
    form.removeAttribute('data-held-submit');
    form.requestSubmit();
  }

  void flush();
  window.addEventListener('online', () => void flush());
  // Signing out empties the box: what was kept is this person's alone.
  document.addEventListener(
    'click',
    (event) => {
      if ((event.target as Element | null)?.closest?.('a[href="/api/logout"]')) forgetAll();
    },
    true,
  );
}
