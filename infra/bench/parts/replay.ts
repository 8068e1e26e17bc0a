// Replay: the workers' replay of a generated history into all read models.
import path from 'node:path';
import { measureReplay, type ReplayFigures } from '../replay-bench.ts';
import { goalRow } from '../report.ts';
import { settings } from '../settings.ts';
import { log } from '../support.ts';
import type { BenchPart } from './part.ts';
import { perSecond } from './texts.ts';

export const replay: BenchPart = {
  name: 'replay',
  async run({ scratch }) {
    log(`Replay of ${settings.replayEvents.toLocaleString('en-US')} events into all read models`);
    const figures: ReplayFigures = await measureReplay(
      path.join(scratch, 'replay'),
      settings.replayEvents,
    );
    return {
      details: { replay: figures },
      goals: [
        goalRow(
          'Replay',
          `${figures.events.toLocaleString('en-US')} events into all read models`,
          '≥ 30,000 events/s',
          figures.eventsPerSecond,
          30_000,
          'min',
          `${perSecond(figures.eventsPerSecond)} (${figures.replaySeconds} s)`,
        ),
      ],
    };
  },
};
