import { describe, expect, it } from 'vitest';
import { classificationText } from './classification.ts';

describe('time in state tile tooltip', () => {
  it('lists productive and waiting columns', () => {
    expect(classificationText({ productive: ['In Progress', 'Review'], waiting: ['Todo'] })).toBe(
      'Productive columns: In Progress, Review. Waiting columns: Todo.',
    );
    expect(classificationText(undefined)).toBe('Productive columns: none. Waiting columns: none.');
  });
});
