import { describe, expect, it } from 'vitest';
import { classifyPagePath, PUBLIC_PAGE_PATHS } from '../src/navigation';

describe('classifyPagePath', () => {
  it('matches each public pattern, with its parameters', () => {
    expect(classifyPagePath('/')).toEqual({ kind: 'public', pattern: '/', params: {} });
    expect(classifyPagePath('/courses')).toEqual({ kind: 'public', pattern: '/courses', params: {} });
    expect(classifyPagePath('/course/abc-123')).toEqual({
      kind: 'public',
      pattern: '/course/$id',
      params: { id: 'abc-123' },
    });
    expect(classifyPagePath('/pages/about')).toEqual({
      kind: 'public',
      pattern: '/pages/$slug',
      params: { slug: 'about' },
    });
    expect(classifyPagePath('/certificates/x1')).toMatchObject({ pattern: '/certificates/$id' });
  });

  it('ignores one trailing slash and decodes parameters', () => {
    expect(classifyPagePath('/courses/')).toMatchObject({ kind: 'public', pattern: '/courses' });
    expect(classifyPagePath('/pages/ab%20c')).toMatchObject({ params: { slug: 'ab c' } });
  });

  it('calls every /dashboard path guarded, served or not (the client guard decides)', () => {
    for (const path of ['/dashboard', '/dashboard/', '/dashboard/admin/user-manage', '/dashboard/nope/x']) {
      expect(classifyPagePath(path), path).toEqual({ kind: 'guarded' });
    }
  });

  it('calls anything else unknown', () => {
    for (const path of [
      '/nope',
      '/course',
      '/course/',
      '/course/a/b',
      '/courses/x',
      '/dashboards',
      '/pages/%E0%A4%A',
      '//courses',
    ]) {
      expect(classifyPagePath(path), path).toEqual({ kind: 'unknown' });
    }
  });

  it('lists each public pattern once', () => {
    expect(new Set(PUBLIC_PAGE_PATHS).size).toBe(PUBLIC_PAGE_PATHS.length);
    for (const pattern of PUBLIC_PAGE_PATHS) {
      const sample = pattern.replaceAll(/\$[a-zA-Z]+/g, 'x');
      expect(classifyPagePath(sample), pattern).toMatchObject({ kind: 'public', pattern });
    }
  });
});
