import { describe, expect, it } from 'vitest';
import { HttpProblem } from './errors.ts';
import { imageUrl, ownImageName } from './image-urls.ts';

const name = '1b2c3d4e-5f60-4a7b-8c9d-0e1f2a3b4c5d.png';

describe('imageUrl', () => {
  it('answers a stored name, or a URL of /images/<name> on any host, under the PUBLIC_URL of now', () => {
    const publicUrl = 'https://market.example';
    expect(imageUrl(publicUrl, name)).toBe(`https://market.example/images/${name}`);
    expect(imageUrl(publicUrl, `http://127.0.0.1:5000/images/${name}`)).toBe(
      `https://market.example/images/${name}`,
    );
    expect(imageUrl(publicUrl, 'https://img.example/s21.jpg')).toBe('https://img.example/s21.jpg');
  });
});

describe('ownImageName', () => {
  const publicUrl = 'http://127.0.0.1:5000';

  it('takes the URL the upload answered, or the bare name, as the name', () => {
    expect(ownImageName(publicUrl, `${publicUrl}/images/${name}`, 'picture')).toBe(name);
    expect(ownImageName(publicUrl, name, 'picture')).toBe(name);
  });

  it('refuses an image of another host, and anything not an image name', () => {
    for (const reference of [
      `http://localhost:5000/images/${name}`,
      `http://127.0.0.1:5001/images/${name}`,
      'https://img.example/s21.jpg',
      '../events.sqlite3',
    ])
      expect(() => ownImageName(publicUrl, reference, 'picture'), reference).toThrow(HttpProblem);
  });
});
