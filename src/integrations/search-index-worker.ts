/**
 * The worker thread that feeds the search index (src/lib/search-index.ts) while the pages
 * render: src/lib/search-index-build.ts sends it each page's bytes and, after the pages, where
 * to write the index. Node runs this file and the one it imports as they are.
 */
import { parentPort } from 'node:worker_threads';
import { createSearchIndexer } from '../lib/search-index.ts';

/** A page to index, or the order to write the index. */
type Message = { url: string; page: Uint8Array } | { write: string };

const indexer = createSearchIndexer();
const decoder = new TextDecoder();
parentPort?.on('message', (message: Message) => {
  if ('url' in message) {
    indexer.add(message.url, decoder.decode(message.page));
    return;
  }
  indexer.write(message.write).then(
    (pages) => parentPort?.postMessage({ pages }),
    (error: unknown) => parentPort?.postMessage({ error: String(error) }),
  );
});
