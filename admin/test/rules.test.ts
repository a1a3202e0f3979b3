import { describe, expect, it } from 'vitest';
import { loginUrl } from '../src/access.ts';
import { ApiError, errorFromBody } from '../src/api.ts';
import { displayName } from '../src/authProvider.ts';
import { publishStateOf } from '../src/dataProvider.ts';
import { checkImageCount, checkImageFile, fitInside } from '../src/images/imageChecks.ts';
import { imageStyleCss, normalizeImageStyles } from '../src/images/imageStyles.ts';
import { chipsToShow } from '../src/listings/chips.ts';
import { candidatesEmptyText } from '../src/ordering/lists.ts';
import { grantErrorMessage } from '../src/roles/grantMessages.ts';

describe('image checks and their messages', () => {
  it('refuses a non-image and a file over 5 MB, accepts exactly 5 MB', () => {
    expect(checkImageFile({ name: 'a.pdf', type: 'application/pdf', size: 10 })).toEqual({
      title: 'Formato inválido',
      message: 'a.pdf não é uma imagem válida.',
    });
    expect(
      checkImageFile({ name: 'b.jpg', type: 'image/jpeg', size: 5 * 1024 * 1024 + 1 }),
    ).toEqual({
      title: 'Arquivo muito grande',
      message: 'b.jpg deve ter no máximo 5MB.',
    });
    expect(checkImageFile({ name: 'c.jpg', type: 'image/jpeg', size: 5 * 1024 * 1024 })).toBeNull();
  });

  it('refuses more images than the field takes', () => {
    expect(checkImageCount(2, 2, 3)).toEqual({
      title: 'Limite excedido',
      message: 'Você pode adicionar no máximo 3 imagens.',
    });
    expect(checkImageCount(1, 2, 3)).toBeNull();
  });

  it('downscale target keeps the aspect ratio inside 1600×900 and never enlarges', () => {
    expect(fitInside(4000, 3000, 1600, 900)).toEqual({ width: 1200, height: 900 });
    expect(fitInside(3200, 900, 1600, 900)).toEqual({ width: 1600, height: 450 });
    expect(fitInside(800, 600, 1600, 900)).toEqual({ width: 800, height: 600 });
  });
});

describe('image styles', () => {
  it('defaults and the CSS the card uses', () => {
    const styles = normalizeImageStyles(undefined);
    expect(styles).toEqual({
      scale: 1,
      rotate: 0,
      positionX: 50,
      positionY: 50,
      objectFit: 'cover',
    });
    expect(imageStyleCss({ ...styles, scale: 1.5, rotate: -10, positionX: 0 })).toEqual({
      objectFit: 'cover',
      objectPosition: '0% 50%',
      transform: 'scale(1.5) rotate(-10deg)',
    });
  });

  it('rounds to the slider steps and clamps to the bounds', () => {
    expect(
      normalizeImageStyles({ scale: 1.26, rotate: 12.4, positionX: 101, positionY: -3 }),
    ).toEqual({
      scale: 1.3,
      rotate: 12,
      positionX: 100,
      positionY: 0,
      objectFit: 'cover',
    });
    expect(normalizeImageStyles({ scale: 0.1, objectFit: 'contain' })).toMatchObject({
      scale: 0.5,
      objectFit: 'contain',
    });
  });
});

describe('lists', () => {
  it('category chips: at most two, then an ellipsis', () => {
    expect(chipsToShow(['a', 'b', 'c'])).toEqual({ shown: ['a', 'b'], more: true });
    expect(chipsToShow(['a', 'b'])).toEqual({ shown: ['a', 'b'], more: false });
  });

  it('ordered lists: the candidates’ empty texts', () => {
    expect(candidatesEmptyText('pinned', '', 0)).toBe('Todos os itens já estão fixados.');
    expect(candidatesEmptyText('pinned', 'zzz', 0)).toBe('Todos os itens já estão fixados.');
    expect(candidatesEmptyText('pinned', '  ', 3)).toBe('Todos os itens já estão fixados.');
    expect(candidatesEmptyText('pinned', 'zzz', 3)).toBe('Nenhum item encontrado.');
    expect(candidatesEmptyText('featured', 'zzz', 3)).toBe('Nenhum item disponível.');
    expect(candidatesEmptyText('featured', '', 0)).toBe('Nenhum item disponível.');
  });
});

describe('access, identity and server answers', () => {
  it('the sign-in URL carries the requested location as from', () => {
    expect(loginUrl({ pathname: '/admin/destaques', search: '?x=1', hash: '' })).toBe(
      '/auth/login?from=%2Fadmin%2Fdestaques%3Fx%3D1',
    );
  });

  it("'Logado como': full name, else username, else Admin", () => {
    expect(displayName({ full_name: ' Ana Lima ', username: 'ana' })).toBe('Ana Lima');
    expect(displayName({ full_name: '', username: 'ana' })).toBe('ana');
    expect(displayName(null)).toBe('Admin');
  });

  it("the worker's Portuguese error and field messages are kept", () => {
    const error = errorFromBody(422, {
      error: {
        code: 'validation',
        message: 'O nome é obrigatório.',
        fields: { name: ['Obrigatório'] },
      },
    });
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe('O nome é obrigatório.');
    expect(error.fields).toEqual({ name: 'Obrigatório' });
    expect(errorFromBody(500, '<html>').message).toMatch(/erro inesperado/);
  });

  it('admin grant messages', () => {
    expect(grantErrorMessage(new ApiError('x', 404, 'not_found'))).toBe(
      'Usuário não encontrado. Certifique-se de que o usuário já possui uma conta.',
    );
    expect(grantErrorMessage(new ApiError('forbidden', 403, 'forbidden'))).toBe(
      'Apenas administradores podem conceder acesso de admin a outros usuários.',
    );
    expect(grantErrorMessage(new ApiError('Falhou', 500, 'internal'))).toBe(
      'Erro ao conceder acesso de administrador. Entre em contato com o suporte.',
    );
    expect(grantErrorMessage(new Error('boom'))).toBe(
      'Erro ao conceder acesso de administrador. Entre em contato com o suporte.',
    );
  });

  it('publish state from the worker', () => {
    expect(publishStateOf({ state: 'requested', pending: true })).toBe('building');
    expect(publishStateOf({ state: 'building', pending: false })).toBe('building');
    expect(publishStateOf({ state: 'live', pending: true })).toBe('building');
    expect(publishStateOf({ state: 'failed', pending: false })).toBe('failed');
    expect(publishStateOf({ state: 'live', pending: false })).toBe('up_to_date');
    expect(publishStateOf({ state: 'idle', pending: false })).toBe('up_to_date');
    expect(publishStateOf(null)).toBe('unknown');
  });
});
