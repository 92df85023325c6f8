import sharp from 'sharp';

/*
 * The case study of issue 31's target, written through the owner's API as the editor would: a 2,000-word body
 * with six of the project's own gallery pictures (1600×1000 PNG uploads, which the site downscales), under
 * headings enough for a table of contents. `npm run bench` then measures its public page with Lighthouse.
 */

const WORDS = 2_000;
const PICTURES = 6;

const SENTENCES = [
  'We began with a question the fishermen kept asking at the harbour wall.',
  'Every sketch was tested on the quay at dawn, when the light is flat and honest.',
  'The first prototype was too clever, so we took half of it away.',
  'Readers told us which numbers they trusted and which they skipped.',
  'A calm layout let the tide times carry the page without shouting.',
  'We measured each change against the one thing people came for.',
];

function paragraph(words: number): string {
  const out: string[] = [];
  for (let i = 0; out.join(' ').split(' ').length < words; i++) out.push(SENTENCES[i % SENTENCES.length]!);
  return out.join(' ');
}

async function upload(baseUrl: string, cookie: string, index: number): Promise<string> {
  const hue = (index * 60) % 360;
  const png = await sharp({ create: { width: 1600, height: 1000, channels: 3, background: `hsl(${hue}, 45%, 40%)` } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.set('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), `sketch-${index}.png`);
  const response = await fetch(`${baseUrl}/api/upload-image`, { method: 'POST', headers: { Origin: baseUrl, Cookie: cookie }, body: form });
  if (response.status !== 201) throw new Error(`Uploading a picture answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { imageUrl: string }).imageUrl;
}

async function send(baseUrl: string, cookie: string, method: string, path: string, body: unknown): Promise<void> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { Origin: baseUrl, Cookie: cookie, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
}

/** Writes and publishes the case study on `projectId`; returns its words and pictures, for the label. */
export async function writeLongCaseStudy(baseUrl: string, cookie: string, projectId: number): Promise<string> {
  const sections: string[] = [];
  const perSection = Math.ceil(WORDS / PICTURES);
  for (let index = 0; index < PICTURES; index++) {
    const imageUrl = await upload(baseUrl, cookie, index);
    const title = `Sketch ${index + 1}`;
    await send(baseUrl, cookie, 'POST', `/api/projects/${projectId}/gallery`, { title, imageUrl });
    sections.push(`## Part ${index + 1}`, paragraph(perSection), `![${title}: the chart at stage ${index + 1}](${imageUrl})`);
  }
  const body = sections.join('\n\n');
  await send(baseUrl, cookie, 'PUT', `/api/projects/${projectId}/case-study`, { caseStudy: body, published: true });
  return `${body.split(/\s+/).length.toLocaleString('en')} words, ${PICTURES} pictures`;
}
