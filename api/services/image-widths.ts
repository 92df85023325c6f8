/**
 * Widths of an image's responsive variants (`/api/images/{key}?w=480`); each is made only when smaller
 * than the full image. Its own file so the visitor cache can name them without loading the image pipeline.
 */
export const IMAGE_WIDTHS: readonly number[] = [480, 720, 960, 1600];
