import { ImageUp, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { apiRequest } from '#src/lib/api-client.ts';
import { ImageReadError } from '#src/lib/downscale-image.ts';
import { refreshRegions } from '#src/lib/refresh-regions.ts';
import { imageFileProblem, uploadImage } from '#src/lib/upload-image.ts';
import { toast } from '#src/stores/toast.ts';
import { ConfirmDialog } from '../ConfirmDialog.tsx';
import { ImagePickerButton } from './ImagePickerButton.tsx';

interface Props {
  projectId: number;
  projectName: string;
}

/** The owner's controls on a project card: thumbnail upload and delete (SPEC "Admin project list", §8). */
export default function ProjectAdminActions({ projectId, projectName }: Props) {
  const [uploading, setUploading] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);

  async function replaceThumbnail(file: File) {
    const problem = imageFileProblem(file);
    if (problem) return toast({ ...problem, variant: 'destructive' });
    setUploading(true);
    try {
      let imageUrl: string;
      try {
        imageUrl = await uploadImage(file);
      } catch (error) {
        if (error instanceof ImageReadError) toast({ title: 'Failed to read file', description: 'Please try a different image.', variant: 'destructive' });
        else toast({ title: 'Failed to upload thumbnail', variant: 'destructive' });
        return;
      }
      try {
        await apiRequest('PATCH', `/api/projects/${projectId}`, { imageUrl });
      } catch {
        toast({ title: 'Failed to update thumbnail', variant: 'destructive' });
        return;
      }
      toast({ title: 'Thumbnail updated successfully' });
      await refreshRegions();
    } finally {
      setUploading(false);
    }
  }

  async function deleteProject() {
    setDeleting(true);
    try {
      await apiRequest('DELETE', `/api/projects/${projectId}`);
    } catch {
      setDeleting(false);
      toast({ title: 'Failed to delete project', variant: 'destructive' });
      return;
    }
    setConfirming(false);
    toast({ title: 'Project deleted successfully' });
    await refreshRegions();
  }

  return (
    <div className="ml-auto flex items-center gap-2">
      <ImagePickerButton className="btn-ghost size-10 p-0" title="Upload a thumbnail" disabled={uploading} onPick={(file) => void replaceThumbnail(file)}>
        <ImageUp aria-hidden="true" size={16} />
        <span className="sr-only">{uploading ? `Uploading a thumbnail for ${projectName}...` : `Upload a thumbnail for ${projectName}`}</span>
      </ImagePickerButton>
      <button type="button" className="btn-ghost size-10 p-0 text-danger" onClick={() => setConfirming(true)}>
        <Trash2 aria-hidden="true" size={16} />
        <span className="sr-only">Delete {projectName}</span>
      </button>
      <ConfirmDialog
        open={confirming}
        title="Delete this project?"
        description={`“${projectName}” and its gallery will be removed for good.`}
        pending={deleting}
        onConfirm={() => void deleteProject()}
        onCancel={() => setConfirming(false)}
      />
    </div>
  );
}
