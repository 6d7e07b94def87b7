import { describe, expect, test } from 'vitest';
import { externalLinkTarget } from './link-policy';

describe('links the console may open in the system browser', () => {
  test('http and https links are offered, normalized', () => {
    expect(externalLinkTarget('https://chat.example.com/help')).toBe('https://chat.example.com/help');
    expect(externalLinkTarget('HTTP://Example.COM')).toBe('http://example.com/');
  });

  test('other schemes never leave the app', () => {
    for (const link of ['file:///etc/passwd', 'javascript:alert(1)', 'smb://host/share', 'app://console/index.html', 'mailto:a@b.c', 'not a url']) {
      expect(externalLinkTarget(link)).toBeNull();
    }
  });

  test('an address with credentials in it is refused', () => {
    expect(externalLinkTarget('https://bank.example@evil.example/')).toBeNull();
  });
});
