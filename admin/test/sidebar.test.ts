import { describe, expect, it } from 'vitest';
import { isActivePath } from '../src/sidebar.ts';

describe('isActivePath', () => {
  it('matches the item itself and its sub-paths, not look-alike prefixes', () => {
    expect(isActivePath('/admin/hospedagens', '/admin/hospedagens')).toBe(true);
    expect(isActivePath('/admin/hospedagens/novo', '/admin/hospedagens')).toBe(true);
    expect(isActivePath('/admin/hospedagens-x', '/admin/hospedagens')).toBe(false);
  });
});
