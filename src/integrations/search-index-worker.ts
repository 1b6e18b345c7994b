/**
 * The worker thread that feeds the search index (src/lib/search-index.ts) while the pages
 * render: src/lib/search-index-build.ts sends it the pages' bytes and, after the pages, where
 * to write the index. Node runs this file and the one it imports as they are.
 */
import { parentPort } from 'node:worker_threads';
import { createSearchIndexer } from '../lib/search-index.ts';

/** Pages to index, or the order to write the index. */
type Message = { pages: { url: string; page: Uint8Array }[] } | { write: string };

const indexer = createSearchIndexer();
const decoder = new TextDecoder();
parentPort?.on('message', (message: Message) => {
  if ('pages' in message) {
    for (const { url, page } of message.pages) indexer.add(url, decoder.decode(page));
    return;
  }
  indexer.write(message.write).then(
    (pages) => parentPort?.postMessage({ pages }),
    (error: unknown) => parentPort?.postMessage({ error: String(error) }),
  );
});
