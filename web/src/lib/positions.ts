// Read-your-writes: the highest event-log position this tab has caused or seen. Reads pass it
// as `minPosition` so the server answers only once its read models have reached it.
type Listener = () => void;

let highest = 0;
const listeners = new Set<Listener>();

export function notePosition(position: number | null | undefined): void {
  if (typeof position !== 'number' || !Number.isFinite(position) || position <= highest) return;
  highest = position;
  for (const listener of listeners) listener();
}

export function getPosition(): number {
  return highest;
}

export function subscribePosition(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** For tests only: forget every position seen. */
export function resetPositions(): void {
  highest = 0;
}
