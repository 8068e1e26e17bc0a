import { describe, expect, it } from 'vitest';
import { imageNameOf } from './image-name.ts';

const name = '0b9e4c1a-5d7e-4f3b-9a2c-7e1f0d3b5a6c.webp';

describe('imageNameOf', () => {
  it('takes a bare image name as it is', () => {
    expect(imageNameOf(name)).toBe(name);
  });

  it('takes the name out of a URL of /images/<name> on any host', () => {
    expect(imageNameOf(`http://127.0.0.1:5000/images/${name}`)).toBe(name);
    expect(imageNameOf(`https://market.example/api/images/${name}?v=1`)).toBe(name);
  });

  it('refuses anything else', () => {
    for (const reference of [
      '',
      'https://img.example/s21.jpg',
      `ftp://host/images/${name}`,
      `/images/${name}`,
      'http://host/images/../secret.png',
      'http://host/images/photo.gif',
      '../x.png',
      'a/b.png',
    ])
      expect(imageNameOf(reference), reference).toBeNull();
  });
});
