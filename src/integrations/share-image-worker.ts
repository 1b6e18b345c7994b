/**
 * The worker thread that draws the share images the cache lacks from the start of the build
 * (src/lib/share-image-build.ts starts it). A 'finish' message makes it take no more articles;
 * it answers with what it drew. Node runs this file and the one it imports as they are.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { prepareShareImages } from '../lib/share-image.ts';

const { articleFiles, siteName, cacheDir } = workerData as {
  articleFiles: string[];
  siteName: string;
  cacheDir: string;
};
let finishing = false;
parentPort?.on('message', (message) => {
  if (message === 'finish') finishing = true;
});
const started = performance.now();
const { drawn, ready } = await prepareShareImages(
  articleFiles,
  siteName,
  cacheDir,
  () => finishing,
);
parentPort?.postMessage({ drawn, ready, ms: performance.now() - started });
parentPort?.close();
