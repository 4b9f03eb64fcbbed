import { describe, expect, it } from 'vitest';
import { isWebAppPath } from './web-paths';

describe('isWebAppPath', () => {
  it('matches the pages of the web app, with parameters, any case and a trailing slash', () => {
    for (const path of ['/', '/auth/login', '/auth/register/', '/AUTH/Login', '/invite', '/p/maya', '/p/@maya', '/t/demo', '/t/demo/', '/t/demo/p/nova'])
      expect(isWebAppPath(path), path).toBe(true);
  });

  it('refuses everything else', () => {
    for (const path of ['/robots.txt', '/foo.php', '/wp-admin/', '/wp-admin/install.php', '/auth', '/auth/login/extra', '/p/', '/t//p/x', '/t/demo/p', '/t/demo/x/nova', '//', '/assets/x.js'])
      expect(isWebAppPath(path), path).toBe(false);
  });
});
