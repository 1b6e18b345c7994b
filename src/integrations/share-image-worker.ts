/**
 * The worker process that draws the share images the cache lacks from the start of the build
 * (src/lib/share-image-build.ts starts it). It takes its job from the first
 * message; a 'finish' message makes it take no more articles. It answers with what it drew and
 * exits. Node runs this file and the one it imports as they are.
 */
import { prepareShareImages } from '../lib/share-image.ts';

interface Job {
  articleFiles: string[];
  siteName: string;
  cacheDir: string;
}

let finishing = false;
let start: (job: Job) => void = () => {};
const job = new Promise<Job>((resolve) => (start = resolve));
process.on('message', (message: Job | 'finish') => {
  if (message === 'finish') finishing = true;
  else start(message);
});
const { articleFiles, siteName, cacheDir } = await job;
const started = performance.now();
const { drawn, ready } = await prepareShareImages(
  articleFiles,
  siteName,
  cacheDir,
  () => finishing,
);
process.send?.({ drawn, ready, ms: performance.now() - started }, () => process.disconnect());
