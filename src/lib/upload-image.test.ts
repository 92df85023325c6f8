import { describe, expect, it } from 'vitest';
import { imageFileProblem, titleFromFileName } from './upload-image.ts';
import { MAX_UPLOAD_BYTES as MAX_IMAGE_BYTES } from '#domain/vocabulary.ts';

describe('checking a picked file', () => {
  it('refuses anything that is not an image', () => {
    expect(imageFileProblem({ type: 'application/pdf', size: 10 })).toEqual({ title: 'Invalid file type', description: 'Please select an image file.' });
  });

  it('refuses a screenshot over 10 MB and accepts one of exactly 10 MB', () => {
    expect(imageFileProblem({ type: 'image/png', size: MAX_IMAGE_BYTES + 1 }, MAX_IMAGE_BYTES)).toEqual({
      title: 'File too large',
      description: 'Please select an image smaller than 10MB.',
    });
    expect(imageFileProblem({ type: 'image/png', size: MAX_IMAGE_BYTES }, MAX_IMAGE_BYTES)).toBeNull();
  });
});

describe('the title of a gallery upload', () => {
  it('is the file name without its extension', () => {
    expect(titleFromFileName('brand-board.final.png')).toBe('brand-board.final');
    expect(titleFromFileName('logo')).toBe('logo');
  });

  it('is never empty', () => {
    expect(titleFromFileName('.png')).toBe('Untitled image');
  });
});
