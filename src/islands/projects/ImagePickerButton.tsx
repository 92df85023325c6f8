import { useRef, type ReactNode } from 'react';

interface Props {
  onPick: (file: File) => void;
  disabled?: boolean;
  className: string;
  title?: string;
  children: ReactNode;
}

/** A button that opens the file picker for one image (image files only, SPEC §5). */
export function ImagePickerButton({ onPick, disabled, className, title, children }: Props) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={input}
        type="file"
        accept="image/*"
        hidden
        aria-label="Image file"
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          // Cleared, so picking the same file again still fires a change.
          event.currentTarget.value = '';
          if (file) onPick(file);
        }}
      />
      <button type="button" className={className} title={title} disabled={disabled} onClick={() => input.current?.click()}>
        {children}
      </button>
    </>
  );
}
