import { Pencil, Trash2, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type SyntheticEvent } from 'react';
import { galleryImageUpdate } from '#domain/shapes.ts';
import { ApiError, apiRequest } from '#src/lib/api-client.ts';
import { GALLERY_CATEGORIES } from '#src/lib/gallery-display.ts';
import { refreshRegions } from '#src/lib/refresh-regions.ts';
import { toast } from '#src/stores/toast.ts';
import { ConfirmDialog } from '../ConfirmDialog.tsx';

interface Props {
  projectId: number;
  image: { id: number; title: string; description: string; category: string };
}

/** The owner's edit and delete icons on a gallery picture. */
export default function GalleryImageActions({ projectId, image }: Props) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const url = `/api/projects/${projectId}/gallery/${image.id}`;

  async function remove() {
    setDeleting(true);
    try {
      await apiRequest('DELETE', url);
    } catch {
      setDeleting(false);
      toast({ title: 'Failed to delete image', variant: 'destructive' });
      return;
    }
    setConfirming(false);
    toast({ title: 'Image deleted from gallery' });
    await refreshRegions(['gallery']);
  }

  return (
    <div className="flex shrink-0 items-center gap-1">
      <button type="button" className="btn-ghost size-9 min-h-9 p-0" onClick={() => setEditing(true)}>
        <Pencil aria-hidden="true" size={15} />
        <span className="sr-only">Edit {image.title}</span>
      </button>
      <button type="button" className="btn-ghost size-9 min-h-9 p-0 text-danger" onClick={() => setConfirming(true)}>
        <Trash2 aria-hidden="true" size={15} />
        <span className="sr-only">Delete {image.title}</span>
      </button>
      {editing && <EditDialog url={url} image={image} onClose={() => setEditing(false)} />}
      <ConfirmDialog
        open={confirming}
        title="Delete this image?"
        description={`“${image.title}” will be removed from the gallery.`}
        pending={deleting}
        onConfirm={() => void remove()}
        onCancel={() => setConfirming(false)}
      />
    </div>
  );
}

function EditDialog({ url, image, onClose }: { url: string; image: Props['image']; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  const [values, setValues] = useState({ title: image.title, description: image.description, category: image.category });
  const [error, setError] = useState<{ field?: string; message: string } | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    ref.current?.showModal();
  }, []);

  async function submit(event: SyntheticEvent) {
    event.preventDefault();
    // The API's own shape: the same rule here and on the server.
    const parsed = galleryImageUpdate.safeParse(values);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      setError({ field: String(issue.path[0] ?? ''), message: issue.message });
      return;
    }
    setSaving(true);
    try {
      await apiRequest('PATCH', url, parsed.data);
    } catch (failure) {
      setSaving(false);
      const details = failure instanceof ApiError ? failure.details : {};
      setError({ field: details.field, message: details.error ?? 'The image could not be saved.' });
      return;
    }
    toast({ title: 'Image details saved' });
    onClose();
    await refreshRegions(['gallery']);
  }

  const fieldError = (field: string) => (error?.field === field ? error.message : null);
  return (
    <dialog ref={ref} className="dialog max-w-lg" aria-labelledby={`${id}-title`} onClose={onClose}>
      <form className="flex flex-col gap-4 p-6" onSubmit={(event) => void submit(event)} noValidate>
        <div className="flex items-start justify-between gap-4">
          <h2 id={`${id}-title`} className="text-lg font-semibold">
            Edit image
          </h2>
          <button type="button" className="btn-ghost size-9 min-h-9 p-0" onClick={onClose}>
            <X aria-hidden="true" size={16} />
            <span className="sr-only">Close</span>
          </button>
        </div>
        <label className="flex flex-col gap-1.5 text-sm font-medium">
          Title
          <input
            className="field font-normal"
            value={values.title}
            required
            maxLength={120}
            aria-invalid={Boolean(fieldError('title'))}
            onChange={(event) => setValues({ ...values, title: event.currentTarget.value })}
          />
          {fieldError('title') && <span className="text-xs text-danger">{fieldError('title')}</span>}
        </label>
        <label className="flex flex-col gap-1.5 text-sm font-medium">
          Description
          <textarea
            className="field min-h-24 font-normal"
            value={values.description}
            maxLength={2000}
            onChange={(event) => setValues({ ...values, description: event.currentTarget.value })}
          />
          {fieldError('description') && <span className="text-xs text-danger">{fieldError('description')}</span>}
        </label>
        <label className="flex flex-col gap-1.5 text-sm font-medium">
          Category
          <select className="field font-normal" value={values.category} onChange={(event) => setValues({ ...values, category: event.currentTarget.value })}>
            {GALLERY_CATEGORIES.map(({ value, label }) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        {error && !['title', 'description'].includes(error.field ?? '') && (
          <p className="text-sm text-danger" role="alert">
            {error.message}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <button type="button" className="btn-ghost" onClick={onClose} disabled={saving}>
            Cancel
          </button>
          <button type="submit" className="btn-primary" disabled={saving}>
            {saving ? 'Saving...' : 'Save'}
          </button>
        </div>
      </form>
    </dialog>
  );
}
