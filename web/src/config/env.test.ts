import { describe, expect, it } from 'vitest';
import { apiBaseUrl } from './env.ts';

describe("the API's base URL (VITE_API_URL)", () => {
  it('is the configured URL, without a trailing slash', () => {
    expect(apiBaseUrl('https://api.example.com/', 'https://shop.example.com')).toBe(
      'https://api.example.com',
    );
  });

  it("is the page's own origin when empty or '/': the gateway serves the page", () => {
    expect(apiBaseUrl('', 'http://localhost:5001')).toBe('http://localhost:5001');
    expect(apiBaseUrl('/', 'https://shop.example.com')).toBe('https://shop.example.com');
  });
});
