// Loaded only on demand: the bundle keeps it (and what it imports) in a chunk of its own.
import { setTimeout as later } from 'node:timers/promises';

await later(0);
export const lazyName = 'lazy chunk';
