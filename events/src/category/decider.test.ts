import { describe, expect, it } from 'vitest';
import { assertValidEvent } from '../catalog.ts';
import { DomainError, eventMetadataFrom, evolveAll, type CommandMetadata } from '../decider.ts';
import { categoryDecider, type CategoryCommand } from './decider.ts';
import type { CategoryEvent } from './events.ts';

const metadata: CommandMetadata = {
  actorUid: 'system',
  actorEmail: '',
  now: '2026-11-21T10:00:00.000Z',
  correlationId: 'seed-1',
  causationId: 'seed-1',
};

/** given(history).when(command): the events decided, each checked against the catalog. */
const given = (...history: CategoryEvent[]) => ({
  when: (command: CategoryCommand): CategoryEvent[] => {
    const events = categoryDecider.decide(command, evolveAll(categoryDecider, history));
    for (const e of events)
      assertValidEvent(e.type, e.schemaVersion, e.data, eventMetadataFrom(metadata));
    return events;
  },
});

const samsung = { categoryId: 'samsung', title: 'Samsung', image: 'https://img.example/s.png' };
const createSamsung = (overrides: Partial<typeof samsung> = {}): CategoryCommand => ({
  type: 'CreateCategory',
  data: { ...samsung, ...overrides },
  metadata,
});
const samsungCreated: CategoryEvent = { type: 'CategoryCreated', schemaVersion: 1, data: samsung };

describe('Category', () => {
  describe('when none', () => {
    it('is created', () => {
      expect(given().when(createSamsung())).toEqual([samsungCreated]);
    });
  });

  describe('when created', () => {
    it('creating again with the same data changes nothing', () => {
      expect(given(samsungCreated).when(createSamsung())).toEqual([]);
    });

    it('refuses creating it again with other data', () => {
      expect(() => given(samsungCreated).when(createSamsung({ title: 'Oppo' }))).toThrow(
        new DomainError('conflict', 'This category already exists'),
      );
    });
  });
});
