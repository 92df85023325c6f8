import { DEFAULT_GALLERY_CATEGORY } from '#domain/vocabulary.ts';
import { ImagePlus } from 'lucide-react';
import { useState } from 'react';
import { apiRequest } from '#src/lib/api-client.ts';
import { ImageReadError } from '#src/lib/downscale-image.ts';
import { refreshRegions } from '#src/lib/refresh-regions.ts';
import { imageFileProblem, titleFromFileName, uploadImage } from '#src/lib/upload-image.ts';
import { toast } from '#src/stores/toast.ts';
import { ImagePickerButton } from './ImagePickerButton.tsx';

interface Props {
  projectId: number;
  /** 'Add Image' in the toolbar, 'Upload First Image' in an empty gallery. */
  label: string;
  primary?: boolean;
}

/**
 * Adds a picture to the project's gallery: uploaded through /api/upload-image, then recorded with the
 * file name (without extension) as title, no description, category uncategorized, placed last.
 */
export default function GalleryUploadButton({ projectId, label, primary = false }: Props) {
  const [pending, setPending] = useState(false);

  async function add(file: File) {
    const problem = imageFileProblem(file);
    if (problem) return toast({ ...problem, variant: 'destructive' });
    setPending(true);
    try {
      const imageUrl = await uploadImage(file);
      await apiRequest('POST', `/api/projects/${projectId}/gallery`, {
        title: titleFromFileName(file.name),
        description: '',
        imageUrl,
        category: DEFAULT_GALLERY_CATEGORY,
      });
    } catch (error) {
      setPending(false);
      if (error instanceof ImageReadError) toast({ title: 'Failed to read file', description: 'Please try a different image.', variant: 'destructive' });
      else toast({ title: 'Upload failed', description: 'Failed to upload image to gallery.', variant: 'destructive' });
      return;
    }
    toast({ title: 'Image uploaded to gallery!' });
    await refreshRegions(['gallery']);
    setPending(false);
  }

  return (
    <ImagePickerButton className={primary ? 'btn-primary' : 'btn-ghost'} disabled={pending} onPick={(file) => void add(file)}>
      <ImagePlus aria-hidden="true" size={16} />
      {pending ? 'Uploading...' : label}
    </ImagePickerButton>
  );
}
