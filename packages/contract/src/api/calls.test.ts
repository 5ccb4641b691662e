import { describe, expect, it } from 'vitest';
import { API_ADDRESSES, type CallName } from './addresses/index.ts';
import { fillPath, pathParamNames, pathPattern } from './call.ts';
import { CALL_SCHEMAS } from './schemas/index.ts';

const names = Object.keys(API_ADDRESSES) as CallName[];

describe('the call declarations', () => {
  it('give every address a schema entry and no schema entry without an address', () => {
    expect(Object.keys(CALL_SCHEMAS).sort()).toEqual([...names].sort());
  });

  it('name each call <domain>.<verbNoun> and keep method + path unique', () => {
    const seen = new Set<string>();
    for (const name of names) {
      expect(name).toMatch(/^[a-z]+\.[a-z][A-Za-z]*$/);
      const { method, path } = API_ADDRESSES[name];
      expect(path).toMatch(/^\/[a-z]/);
      const key = `${method} ${path.replace(/:[A-Za-z_]+/g, ':')}`;
      expect(seen.has(key), `${name}: ${key} declared twice`).toBe(false);
      seen.add(key);
    }
  });

  it('declare a params schema with exactly the path parameters', () => {
    for (const name of names) {
      const params = (CALL_SCHEMAS[name] as { params?: { shape?: Record<string, unknown> } }).params;
      const expected = pathParamNames(API_ADDRESSES[name].path).sort();
      expect(Object.keys(params?.shape ?? {}).sort(), name).toEqual(expected);
    }
  });
});

describe('fillPath and pathPattern', () => {
  it('fills and URL-encodes params, and refuses a missing one', () => {
    expect(fillPath('/messages/threads/:id/:token', { id: 5, token: 'a/b c' })).toBe('/messages/threads/5/a%2Fb%20c');
    expect(() => fillPath('/messages/threads/:id', {})).toThrow(/"id"/);
  });

  it('matches one segment per param', () => {
    expect(pathPattern('/videos/courses/:courseSlug').test('/videos/courses/intro')).toBe(true);
    expect(pathPattern('/videos/courses/:courseSlug').test('/videos/courses/intro/more')).toBe(false);
  });
});
