/**
 * The worker thread that stems the English word list while the build bundles
 * (./advisor-stems.ts starts it). Node runs this file and the ones it imports as they are.
 */
import { parentPort } from 'node:worker_threads';
import { englishStems } from '../features/advisor/corpus/english.ts';

const started = performance.now();
const stems = [...englishStems()];
parentPort?.postMessage({ stems, ms: performance.now() - started });
