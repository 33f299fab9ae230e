import { describe, expect, it } from 'vitest';
import { storedFileName } from '../../core/domain/document.js';

describe('storedFileName (OWASP: never trust the client’s file name)', () => {
  it.each([
    ['../../etc/passwd<script>.html', 'image/jpeg', 'passwdscript.jpg'],
    ['C:\\Users\\amira\\My Passport.PDF', 'application/pdf', 'My Passport.pdf'],
    ['scan.pdf', 'image/png', 'scan.png'],
    ['evil.php.jpg', 'image/jpeg', 'evil_php.jpg'],
    ['Zoë Ångström (1).jpeg', 'image/jpeg', 'Zoë Ångström (1).jpg'],
    ['جواز السفر.png', 'image/png', 'جواز السفر.png'],
    ['\u0000\u001f"quotes";  and\ttabs.png', 'image/png', 'quotes and tabs.png'],
    ['.htaccess', 'application/pdf', 'passport.pdf'],
    ['<>:*?.jpg', 'image/jpeg', 'passport.jpg'],
    ['', 'image/png', 'passport.png'],
    ['passport', 'image/jpeg', 'passport.jpg'],
  ] as const)('%j as %s → %j', (clientName, contentType, expected) => {
    expect(storedFileName(clientName, contentType, 'passport')).toBe(expected);
  });

  it('keeps at most 100 characters of the base name', () => {
    const name = storedFileName(`${'a'.repeat(300)}.pdf`, 'application/pdf', 'passport');
    expect(name).toBe(`${'a'.repeat(100)}.pdf`);
  });

  it('is stable: a cleaned name cleans to itself', () => {
    for (const name of ['My Passport.pdf', 'passwdscript.jpg', 'evil_php.jpg']) {
      expect(storedFileName(name, name.endsWith('.pdf') ? 'application/pdf' : 'image/jpeg', 'x')).toBe(name);
    }
  });
});
