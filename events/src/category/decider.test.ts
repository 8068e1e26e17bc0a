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

const picture = '6f1c2a4e-8b3d-4e5f-9a7b-1c2d3e4f5a6b.png';
const samsung = { categoryId: 'samsung', title: 'Samsung', image: picture };
const createSamsung = (overrides: Partial<typeof samsung> = {}): CategoryCommand => ({
  type: 'CreateCategory',
  data: { ...samsung, ...overrides },
  metadata,
});
const samsungCreated: CategoryEvent = { type: 'CategoryCreated', schemaVersion: 2, data: samsung };

describe('Category', () => {
  describe('when none', () => {
    it('is created', () => {
      expect(given().when(createSamsung())).toEqual([samsungCreated]);
    });

    it('is created with the image name when given the URL the gateway serves it at', () => {
      const url = `http://127.0.0.1:5000/images/${picture}`;
      expect(given().when(createSamsung({ image: url }))).toEqual([samsungCreated]);
    });

    it('refuses an image that is not one of the uploaded images', () => {
      expect(() => given().when(createSamsung({ image: 'https://img.example/s.png' }))).toThrow(
        new DomainError('invalid', 'image must be the name or URL of an uploaded image', 'image'),
      );
    });
  });

  describe('when created', () => {
    it('creating again with the same data changes nothing', () => {
      expect(given(samsungCreated).when(createSamsung())).toEqual([]);
    });

    it('creating again with its image under another host or port changes nothing', () => {
      const url = `http://localhost:5123/images/${picture}`;
      expect(given(samsungCreated).when(createSamsung({ image: url }))).toEqual([]);
    });

    it('refuses creating it again with other data', () => {
      expect(() => given(samsungCreated).when(createSamsung({ title: 'Oppo' }))).toThrow(
        new DomainError('conflict', 'This category already exists'),
      );
    });
  });
});
