/**
 * The worker thread that draws the share images the cache lacks while the build bundles
 * (./share-images.ts starts it). Node runs this file and the one it imports as they are.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { prepareShareImages } from '../lib/share-image.ts';

const { articleFiles, siteName, cacheDir } = workerData as {
  articleFiles: string[];
  siteName: string;
  cacheDir: string;
};
const started = performance.now();
const { drawn, ready } = await prepareShareImages(articleFiles, siteName, cacheDir);
parentPort?.postMessage({ drawn, ready, ms: performance.now() - started });
