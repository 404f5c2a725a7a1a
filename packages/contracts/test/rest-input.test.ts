/** The REST input rule and error body the server's facade and the mocks share (src/rest-input.ts). */
import { describe, expect, it } from 'vitest';
import { operations } from '../src/api.js';
import { issuesOfSchemaError, restErrorOf, restInputOf } from '../src/rest-input.js';

describe('restInputOf', () => {
  it('GET takes the query string, with path parameters over it', () => {
    expect(
      restInputOf(operations.courses.list, { params: {}, query: { limit: '2' }, body: undefined }),
    ).toEqual({
      limit: '2',
    });
    expect(
      restInputOf(operations.courses.get, { params: { id: 'c1' }, query: { id: 'other' }, body: undefined }),
    ).toEqual({ id: 'c1' });
  });

  it('PATCH takes the JSON body with the path parameters; a body that is not an object goes on as it is', () => {
    const update = operations.courses.update;
    expect(restInputOf(update, { params: { id: 'c1' }, query: {}, body: { title: 'T' } })).toEqual({
      title: 'T',
      id: 'c1',
    });
    expect(restInputOf(update, { params: { id: 'c1' }, query: {}, body: [1] })).toEqual([1]);
    expect(restInputOf(update, { params: { id: 'c1' }, query: {}, body: undefined })).toEqual({ id: 'c1' });
  });

  it('an operation without input gets none', () => {
    expect(
      restInputOf(operations.meta.health, { params: {}, query: { a: '1' }, body: undefined }),
    ).toBeUndefined();
  });
});

describe('restErrorOf', () => {
  it("is the code's status and { message, code, issues? }", () => {
    expect(restErrorOf('NOT_FOUND', 'Course not found')).toEqual({
      status: 404,
      body: { message: 'Course not found', code: 'NOT_FOUND' },
    });
    const issues = issuesOfSchemaError({ issues: [{ path: ['a', 0], message: 'Required' }] });
    expect(restErrorOf('VALIDATION_ERROR', 'Invalid request', issues)).toEqual({
      status: 400,
      body: {
        message: 'Invalid request',
        code: 'VALIDATION_ERROR',
        issues: [{ path: 'a.0', message: 'Required' }],
      },
    });
  });
});
