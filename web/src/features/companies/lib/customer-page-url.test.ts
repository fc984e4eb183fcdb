import { describe, expect, it } from 'vitest';
import { customerPageUrl, qrFileName } from './customer-page-url';

describe('customer page URL', () => {
  it('points at /c/{slug} on the given origin', () => {
    expect(customerPageUrl({ origin: 'https://desk.example.com', slug: 'demo-motors' })).toBe('https://desk.example.com/c/demo-motors');
    expect(customerPageUrl({ origin: 'http://localhost:5173/', slug: 'a' })).toBe('http://localhost:5173/c/a');
  });

  it('downloads as {slug}.jpg', () => {
    expect(qrFileName('demo-motors')).toBe('demo-motors.jpg');
  });
});
