// The query-string grammar on its own: quoting rules by context (wire reference D.2), logic
// trees, select items and order terms, and PGRST100 for anything malformed.
import { describe, expect, it } from 'vitest';
import { RestError } from '../rest/errors.ts';
import {
  parseField,
  parseFilter,
  parseLogicTree,
  parseNameList,
  parseOrder,
  parseSelect,
} from '../rest/query-syntax.ts';
import { readRequestParams } from '../rest/request-params.ts';

const field = (name: string) => ({ name, path: [] });

function parseFailure(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    if (error instanceof RestError) return error.body.code;
    throw error;
  }
  return undefined;
}

describe('query-string grammar', () => {
  it('takes top-level operands literally, quotes included', () => {
    expect(parseFilter(field('a'), 'eq."x"')).toMatchObject({ operator: 'eq', value: '"x"' });
    expect(parseFilter(field('a'), 'neq.x y')).toMatchObject({ operator: 'neq', value: 'x y' });
    expect(parseFilter(field('a'), 'eq.a,b(c)')).toMatchObject({ value: 'a,b(c)' });
    expect(parseFilter(field('a'), 'not.is.NULL')).toMatchObject({
      negated: true,
      operator: 'is',
      value: 'null',
    });
  });

  it('honours double quotes with escapes inside in-lists, and stray quotes in raw elements', () => {
    expect(parseFilter(field('k'), 'in.(1,2,"a,b","c(d)",e"f,"g\\"h\\\\")').value).toEqual([
      '1',
      '2',
      'a,b',
      'c(d)',
      'e"f',
      'g"h\\',
    ]);
    expect(parseFilter(field('k'), 'in.()').value).toEqual([]);
  });

  it('reads modifiers: (any)/(all) lists and full-text languages', () => {
    expect(parseFilter(field('g'), 'like(all).{p1,p2}')).toMatchObject({
      operator: 'like',
      quantifier: 'all',
      value: '{p1,p2}',
    });
    expect(parseFilter(field('t'), 'wfts(english).fat & rat')).toMatchObject({
      operator: 'wfts',
      language: 'english',
      value: 'fat & rat',
    });
  });

  it('parses nested logic trees with quoted values and braces', () => {
    const tree = parseLogicTree(
      'or',
      false,
      '(q.eq.1,and(r.gt.2,s.not.lt.3),t.eq."a,b)",u.cs.{x,y},not.or(v.is.null))',
    );
    expect(tree.children).toEqual([
      { kind: 'filter', field: field('q'), negated: false, operator: 'eq', value: '1' },
      {
        kind: 'logic',
        operator: 'and',
        negated: false,
        children: [
          { kind: 'filter', field: field('r'), negated: false, operator: 'gt', value: '2' },
          { kind: 'filter', field: field('s'), negated: true, operator: 'lt', value: '3' },
        ],
      },
      { kind: 'filter', field: field('t'), negated: false, operator: 'eq', value: 'a,b)' },
      { kind: 'filter', field: field('u'), negated: false, operator: 'cs', value: '{x,y}' },
      {
        kind: 'logic',
        operator: 'or',
        negated: true,
        children: [
          { kind: 'filter', field: field('v'), negated: false, operator: 'is', value: 'null' },
        ],
      },
    ]);
  });

  it('parses select items: aliases, casts, JSON paths, quoted names and embeds', () => {
    expect(
      parseSelect('id, t:title::text,data->a->>0,"odd name",a:users!fk_author!inner(name),...b(*)'),
    ).toEqual([
      { kind: 'column', field: field('id'), alias: undefined, cast: undefined },
      { kind: 'column', field: field('title'), alias: 't', cast: 'text' },
      {
        kind: 'column',
        field: {
          name: 'data',
          path: [
            { arrow: '->', key: 'a' },
            { arrow: '->>', key: '0' },
          ],
        },
        alias: undefined,
        cast: undefined,
      },
      { kind: 'column', field: field('odd name'), alias: undefined, cast: undefined },
      {
        kind: 'embed',
        relation: 'users',
        alias: 'a',
        hint: 'fk_author',
        inner: true,
        spread: false,
        select: [{ kind: 'column', field: field('name'), alias: undefined, cast: undefined }],
      },
      {
        kind: 'embed',
        relation: 'b',
        alias: undefined,
        hint: undefined,
        inner: false,
        spread: true,
        select: [{ kind: 'star' }],
      },
    ]);
  });

  it('parses order terms, name lists and JSON-path fields', () => {
    expect(parseOrder('a,b.desc.nullsfirst,c.asc.nullslast')).toEqual([
      { field: field('a'), descending: false },
      { field: field('b'), descending: true, nulls: 'first' },
      { field: field('c'), descending: false, nulls: 'last' },
    ]);
    expect(parseNameList('columns parameter', '"title","body",x')).toEqual(['title', 'body', 'x']);
    expect(parseField('meta->>"a b"')).toEqual({
      name: 'meta',
      path: [{ arrow: '->>', key: 'a b' }],
    });
  });

  it('sorts parameters by resource and keeps duplicate filters', () => {
    const params = readRequestParams(
      new URLSearchParams(
        'select=*,c(*)&a=gte.1&a=lte.5&c.order=x.desc&c.limit=2&not.or=(b.eq.1)&fn_arg=7',
      ),
      new Set(['fn_arg']),
    );
    expect(params.nodes.get('')?.conditions).toHaveLength(3);
    expect(params.nodes.get('c')).toMatchObject({
      limit: 2,
      order: [{ field: field('x'), descending: true }],
    });
    expect(params.args.get('fn_arg')).toBe('7');
  });

  it('answers malformed syntax with PGRST100', () => {
    for (const run of [
      () => parseFilter(field('a'), 'xx.1'),
      () => parseFilter(field('a'), 'eq'),
      () => parseFilter(field('a'), 'in.(1,2'),
      () => parseFilter(field('a'), 'eq(any).1'),
      () => parseFilter(field('a'), 'is.maybe'),
      () => parseFilter(field('a'), 'cs(english).x'),
      () => parseLogicTree('or', false, '(a.eq.1'),
      () => parseLogicTree('or', false, 'a.eq.1'),
      () => parseSelect('a,b('),
      () => parseSelect('a;b'),
      () => parseSelect('a::text;'),
      () => parseOrder('a.sideways'),
      () => parseField('title[0]'),
      () => readRequestParams(new URLSearchParams('limit=ten')),
    ]) {
      expect(parseFailure(run)).toBe('PGRST100');
    }
  });
});
