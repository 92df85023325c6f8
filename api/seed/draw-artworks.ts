// The child process of drawArtworks (./images.ts): draws and encodes the demo's pictures with sharp, sends
// them back and exits, so sharp's memory goes with it. Imports nothing that opens a database.
import { encodeImage } from '../services/image-encoding.ts';
import { artworkSvg, renderSvg, type Artwork } from './images.ts';

process.once('message', async (artworks: Artwork[]) => {
  try {
    // In parallel: sharp works on its own threads.
    const pictures = await Promise.all(
      artworks.map(async ({ seed, accent, motif, size }) => encodeImage(await renderSvg(artworkSvg({ seed, accent, motif, ...size })))),
    );
    process.send!({ pictures }, () => process.disconnect());
  } catch (error) {
    process.send!({ error: (error as Error).message }, () => process.disconnect());
  }
});
