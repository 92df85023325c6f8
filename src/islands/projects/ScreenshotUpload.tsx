import { ImagePlus, ImageUp } from 'lucide-react';
import { useState } from 'react';
import { apiRequest } from '#src/lib/api-client.ts';
import { ImageReadError } from '#src/lib/downscale-image.ts';
import { refreshRegions } from '#src/lib/refresh-regions.ts';
import { imageFileProblem, uploadImage } from '#src/lib/upload-image.ts';
import { MAX_UPLOAD_BYTES } from '#domain/vocabulary.ts';
import { toast } from '#src/stores/toast.ts';
import { ImagePickerButton } from './ImagePickerButton.tsx';

interface Props {
  projectId: number;
  projectName: string;
  /** Without a screenshot: SPEC's placeholder; with one: a small 'replace' button over it. */
  hasImage: boolean;
}

/** The showcase's screenshot upload (SPEC §5: images only, at most 10 MB; §8 messages). */
export default function ScreenshotUpload({ projectId, projectName, hasImage }: Props) {
  const [pending, setPending] = useState(false);

  async function upload(file: File) {
    const problem = imageFileProblem(file, MAX_UPLOAD_BYTES);
    if (problem) return toast({ ...problem, variant: 'destructive' });
    setPending(true);
    try {
      const imageUrl = await uploadImage(file);
      await apiRequest('PATCH', `/api/projects/${projectId}`, { imageUrl });
    } catch (error) {
      setPending(false);
      if (error instanceof ImageReadError) toast({ title: 'Failed to read file', description: 'Please try a different image.', variant: 'destructive' });
      else toast({ title: 'Failed to update project', variant: 'destructive' });
      return;
    }
    toast({ title: 'Project updated successfully!' });
    await refreshRegions([`showcase-${projectId}`]);
  }

  if (hasImage) {
    return (
      <ImagePickerButton className="btn-ghost absolute top-3 right-3 min-h-9 px-3 py-1.5 text-xs shadow" disabled={pending} onPick={(file) => void upload(file)}>
        <ImageUp aria-hidden="true" size={14} />
        {pending ? 'Uploading...' : 'Replace'}
        <span className="sr-only"> the screenshot of {projectName}</span>
      </ImagePickerButton>
    );
  }
  return (
    <div className="flex size-full flex-col items-center justify-center gap-3 border-2 border-dashed border-line p-4 text-center">
      <ImagePlus aria-hidden="true" size={28} className="text-muted" />
      <p className="text-sm text-muted">Upload project screenshot</p>
      <ImagePickerButton className="btn-primary" disabled={pending} onPick={(file) => void upload(file)}>
        {pending ? 'Uploading...' : 'Choose Image'}
        <span className="sr-only"> for {projectName}</span>
      </ImagePickerButton>
    </div>
  );
}
