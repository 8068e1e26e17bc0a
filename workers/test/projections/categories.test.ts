import { describe, expect, it } from 'vitest';
import { evolveCategory } from '../../src/projections/categories/index.ts';
import { categoryCreated, userRegistered } from './recorded-events.ts';

describe('categories projection', () => {
  it('creates the category from CategoryCreated', () => {
    expect(evolveCategory(null, categoryCreated('c1', { title: 'Oppo', image: 'o.png' }))).toEqual({
      _id: 'c1',
      title: 'Oppo',
      image: 'o.png',
    });
  });

  it('leaves a category alone on other events', () => {
    const category = { _id: 'c1', title: 'Oppo', image: 'o.png' };
    expect(evolveCategory(category, userRegistered('u1'))).toBe(category);
  });
});
