import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { resetPositions } from '@/lib/positions.ts';

afterEach(() => {
  cleanup();
  localStorage.clear();
  resetPositions();
});
