import { describe, expect, it } from 'vitest';
import { imageAddress } from './image-address';

describe('the image address helper (spec §3)', () => {
  const upload = `/uploads/${'ab'.repeat(32)}.png`;
  it('gives an upload its address and refuses everything else', () => {
    expect(imageAddress(upload)).toBe(upload);
    expect(imageAddress(`/uploads/${'ab'.repeat(32)}.jpg`)).not.toBeNull();
    for (const bad of [
      null,
      undefined,
      '',
      'https://tracker.example/p.png',
      'javascript:alert(1)',
      'data:image/png;base64,AAAA',
      '/uploads/../secret.png',
      `//evil${upload}`,
      `${upload}?x`,
    ]) {
      expect(imageAddress(bad)).toBeNull();
    }
  });
});
